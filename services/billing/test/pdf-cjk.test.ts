import { describe, expect, it } from 'vitest';
import { TemplateFonts, TemplateLayouts } from '@billpoint/proto';
import { invoicePdfBuffer } from '../src/modules/invoice/pdf/index.ts';
import { pdfCustomer, pdfDesign, pdfGlyphs, pdfInvoice, pdfLine } from './support/pdf-documents.ts';
import { pdfText } from './support/pdf.ts';
import { pdfFonts } from './support/pdf-pages.ts';

const BUYER = '株式会社テスト';
const CHINESE = '咨询服务';
const MIXED = 'Consulting 咨询 – €';
const NOTE = 'お支払いは月末までにお願いいたします。';
/** Long enough to wrap in the description column of every layout. */
const LONG = '这是一个很长的项目描述，用于检查表格单元格中的自动换行是否正确，不会与数量列重叠。';

const cjkInvoice = () =>
  pdfInvoice({
    customer: pdfCustomer({ name: BUYER }),
    notes: NOTE,
    items: [pdfLine(CHINESE, 0), pdfLine(MIXED, 1), pdfLine(LONG, 2)],
  });
/** The glyphs drawn on the baseline of the first `c`. */
const lineOf = (glyphs: ReturnType<typeof pdfGlyphs>, c: string) => {
  const y = glyphs.find((g) => g.c === c)!.y;
  return glyphs.filter((g) => Math.abs(g.y - y) < 0.01 && g.c.trim());
};

describe('Chinese and Japanese text in PDFs', () => {
  for (const layout of TemplateLayouts)
    for (const font of TemplateFonts)
      it(`${layout}, ${font}: real glyphs with a ToUnicode map, in a PDF that stays small`, async () => {
        const pdf = await invoicePdfBuffer(cjkInvoice(), { name: '販売株式会社' }, pdfDesign(layout, font));
        const text = await pdfText(pdf);
        for (const s of [BUYER, CHINESE, NOTE, '販売株式会社']) expect(text, s).toContain(s);
        // Latin, the dash and the euro sign in the template face, the hanzi in the CJK face, on one line.
        expect(text).toMatch(/Consulting 咨询 – €/);
        // The wrapped description, read in the order it is drawn (its lines sit between the other columns' figures).
        const drawn = pdfGlyphs(pdf)
          .map((g) => g.c)
          .filter((c) => LONG.includes(c))
          .join('');
        expect(drawn).toContain(LONG);
        const fonts = (await pdfFonts(pdf)).map((f) => f.name);
        expect(fonts.some((f) => f.includes('NotoSansSC'))).toBe(true);
        expect(pdf.length).toBeLessThan(200_000);
      });

  it('a wrapped CJK description stays in its column, on the rows of its own line', async () => {
    const pdf = await invoicePdfBuffer(cjkInvoice(), null, pdfDesign('classic'));
    const glyphs = pdfGlyphs(pdf);
    const long = glyphs.filter((g) => LONG.includes(g.c) && g.c.trim());
    const rows = [...new Set(long.map((g) => Math.round(g.y)))];
    expect(rows.length).toBeGreaterThan(1);
    // The quantity column starts 230 pt left of the right margin (595.28 − 50): the text ends before it.
    expect(Math.max(...long.map((g) => g.x1))).toBeLessThan(595.28 - 50 - 230);
    // The runs of the mixed line (Latin and euro sign in the template face, hanzi in the CJK face) share one baseline.
    expect(
      lineOf(glyphs, '–')
        .map((g) => g.c)
        .join(''),
    ).toContain('Consulting咨询–€');
  });

  it('right-aligned CJK text ends at the right margin', async () => {
    const design = pdfDesign('classic', 'Inter', { customFields: { 注文番号: '発注-7781' } });
    const pdf = await invoicePdfBuffer(cjkInvoice(), null, design);
    const value = lineOf(pdfGlyphs(pdf), '発').filter((g) => g.x0 > 595.28 / 2);
    expect(value.map((g) => g.c).join('')).toBe('発注-7781');
    expect(Math.max(...value.map((g) => g.x1))).toBeCloseTo(595.28 - 50, 0);
  });

  it('a Latin document embeds no CJK face', async () => {
    const pdf = await invoicePdfBuffer(pdfInvoice({ notes: 'Danke — Merci — Спасибо' }), null, pdfDesign('modern'));
    expect((await pdfFonts(pdf)).map((f) => f.name).filter((f) => f.includes('NotoSansSC'))).toEqual([]);
    expect(await pdfText(pdf)).toContain('Danke — Merci — Спасибо');
  });
});
