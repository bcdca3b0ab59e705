import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { excludedCurrenciesNote, type FinancialReport } from '@billpoint/proto';

const require = createRequire(import.meta.url);
/** fontkit as pdfkit resolves it, so the parsed faces are what pdfkit expects. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): unknown };

/** Inter (shipped in an npm package, covering Latin Extended, Greek, Cyrillic and currency signs), parsed once. */
let faces: { regular: unknown; bold: unknown } | undefined;
function fonts() {
  faces ??= {
    regular: fontkit.create(readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'))),
    bold: fontkit.create(readFileSync(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'))),
  };
  return faces;
}

const MARGIN = 56;
const INK = '#111827';
const MUTED = '#6B7280';
const RULE = '#E5E7EB';

/**
 * A one-page statement: title, period and currency, then each section (its definition as title, one row per figure
 * with its account code, the section total), and the bottom line. Amounts right-aligned, exact as stored.
 */
export function reportPdf(r: FinancialReport): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: r.title, Producer: 'Billpoint' } });
  const f = fonts();
  doc.registerFont('Regular', f.regular as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('Bold', f.bold as PDFKit.Mixins.PDFFontSource);
  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;
  const amountW = 120;
  const d = r.reportData;

  doc.font('Bold').fontSize(20).fillColor(INK).text(r.title, MARGIN, MARGIN, { width });
  doc
    .font('Regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${r.startDate} to ${r.endDate} · ${d.currency} · generated ${r.generatedAt?.slice(0, 10) ?? ''} from ${d.ledgerLines} ledger lines`,
      {
        width,
      },
    );
  doc.moveDown(1.5);

  const row = (label: string, code: string | null, amount: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Bold' : 'Regular')
      .fontSize(10)
      .fillColor(INK);
    if (code) doc.fillColor(MUTED).text(code, MARGIN, y, { width: 40 }).fillColor(INK);
    doc.text(label, MARGIN + 44, y, { width: width - 44 - amountW - 8 });
    const after = doc.y;
    doc.text(amount, right - amountW, y, { width: amountW, align: 'right' });
    doc.y = Math.max(after, doc.y) + 3;
  };
  const rule = () => {
    doc.moveTo(MARGIN, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y += 4;
  };

  for (const s of d.sections) {
    doc.font('Bold').fontSize(11).fillColor(INK).text(s.title, MARGIN, doc.y, { width });
    doc.y += 4;
    rule();
    if (!s.lines.length) row('No ledger figures in this period', null, '0.00');
    for (const l of s.lines) row(l.label, l.accountCode, l.amount);
    rule();
    row('Total', null, s.total, true);
    doc.moveDown(1);
  }
  doc.moveTo(MARGIN, doc.y).lineTo(right, doc.y).lineWidth(1).strokeColor(INK).stroke();
  doc.y += 6;
  doc.fontSize(12);
  row(d.summary.label, null, `${d.summary.amount} ${d.currency}`, true);
  const excluded = excludedCurrenciesNote(d.excludedCurrencies);
  if (excluded)
    doc
      .font('Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(excluded, MARGIN, doc.y + 4, { width });
  if (d.byCurrency?.length) {
    doc.moveDown(1);
    doc
      .font('Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(`Per currency (${d.summary.label}, in ${d.currency} at the rate of each day)`, MARGIN, doc.y, { width });
    doc.y += 4;
    rule();
    for (const c of d.byCurrency) {
      if (c.inBase === null) row(`${c.currency} ${c.amount} — no exchange rate: not included`, null, '—');
      else row(`${c.currency} ${c.amount}`, null, `${c.inBase} ${d.currency}`);
    }
  }
  doc.end();
  return doc;
}
