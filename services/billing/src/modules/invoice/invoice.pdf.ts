import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Invoice } from '@billpoint/proto';

const require = createRequire(import.meta.url);
/** fontkit as pdfkit itself resolves it (pdfkit's own dependency), so a parsed font is exactly what pdfkit expects. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): object };

/** DejaVu Sans (regular and bold, Unicode) from the npm package, read once per process and kept as Buffers. */
let fontFiles: { regular: Buffer; bold: Buffer } | undefined;
export function invoiceFontFiles() {
  return (fontFiles ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });
}

/**
 * The same fonts parsed once per process. `doc.registerFont` with a Buffer makes pdfkit parse the TTF again for
 * every document (fontkit.create), and its shaping tables with it; pdfkit also accepts a parsed fontkit font
 * (`PDFFontFactory.open`: anything with `layout()`), which it then only subsets per document — about 4× faster
 * here (see `npm run bench -- pdf`).
 */
/** The faces a PDF embeds; without `bold`, emphasis is the regular face filled and stroked (one face to subset). */
export type InvoiceFonts = { regular: PDFKit.Mixins.PDFFontSource; bold?: PDFKit.Mixins.PDFFontSource };
let parsedFonts: InvoiceFonts | undefined;
export function invoiceFonts(): InvoiceFonts {
  if (!parsedFonts) {
    const files = invoiceFontFiles();
    parsedFonts = {
      regular: fontkit.create(files.regular) as unknown as PDFKit.Mixins.PDFFontSource,
      bold: fontkit.create(files.bold) as unknown as PDFKit.Mixins.PDFFontSource,
    };
  }
  return parsedFonts;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** A decimal string in its currency (Intl formats the string exactly, no float in between). */
export function formatMoney(amount: string, currency: string): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      f = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(currency, f);
  }
  return f.format(amount as Intl.StringNumericLiteral);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** `2024-01-05` → `Jan 5, 2024`. */
export const formatDate = (d: string) => dateFormat.format(new Date(`${d}T00:00:00Z`));

/** `2.00` → `2`, `1.50` → `1.5`. */
const formatQuantity = (q: string) => q.replace(/\.?0+$/, '');

/** The seller block: the organization's name and, once its settings are saved, its address and contacts. */
export interface PdfSender {
  name: string;
  address?: string | null;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  taxId?: string | null;
  logoUrl?: string | null;
}

/** The seller block's lines under the name. */
export const senderLines = (s: PdfSender | null) =>
  s
    ? [s.address, s.phone, s.email, s.website, s.taxId ? `Tax ID: ${s.taxId}` : null].filter((v): v is string => !!v && v.trim() !== '')
    : [];

const PAGE = { margin: 50, width: 595.28, height: 841.89 }; // A4
const COLS = { description: 50, quantity: 330, rate: 385, amount: 470, end: 545 };

/**
 * The invoice as a PDF (a readable stream; call `.end()` is done here). Deterministic: the same invoice gives the
 * same bytes (creation date = the invoice's, no random ids), so the attachment of a sent e-mail is the very
 * document GET /pdf answers.
 */
export function invoicePdf(invoice: Invoice, sender: PdfSender | null, fonts: InvoiceFonts = invoiceFonts()): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    // No default Helvetica: pdfkit would parse its AFM metrics for every document, only for us to replace it.
    font: null as unknown as string,
    info: {
      Title: `Invoice ${invoice.invoiceNumber}`,
      Author: sender?.name ?? 'Billpoint',
      Producer: 'Billpoint',
      Creator: 'Billpoint',
      CreationDate: new Date(invoice.createdAt),
    },
  });
  doc.registerFont('Regular', fonts.regular);
  if (fonts.bold) doc.registerFont('Bold', fonts.bold);
  /** Text in a style; bold is the bold face when given, else the regular one filled and stroked (PDF render mode 2). */
  const write = (
    text: string,
    at: [number, number] | null,
    options: PDFKit.Mixins.TextOptions,
    style: { size: number; color: string; bold?: boolean },
  ) => {
    const faux = style.bold && !fonts.bold;
    doc
      .font(style.bold && fonts.bold ? 'Bold' : 'Regular')
      .fontSize(style.size)
      .fillColor(style.color);
    if (faux) doc.strokeColor(style.color).lineWidth(style.size * 0.04);
    const o = faux ? { ...options, fill: true, stroke: true } : options;
    if (at) doc.text(text, at[0], at[1], o);
    else doc.text(text, o);
  };
  const INK = '#111827';
  const MUTED = '#6B7280';
  const money = (v: string) => formatMoney(v, invoice.currency);
  const customer = invoice.customer;

  // Header: sender on the left, title and number on the right.
  write(sender?.name ?? '', [PAGE.margin, PAGE.margin], { width: 300 }, { size: 18, color: INK, bold: true });
  const seller = senderLines(sender);
  if (seller.length) write(seller.join('\n'), [PAGE.margin, doc.y + 2], { width: 280 }, { size: 9, color: MUTED });
  write('INVOICE', [345, PAGE.margin], { width: 200, align: 'right' }, { size: 22, color: INK, bold: true });
  write(invoice.invoiceNumber, [345, PAGE.margin + 28], { width: 200, align: 'right' }, { size: 11, color: '#374151' });

  // Bill to, and the dates.
  let y = Math.max(140, doc.y + 16);
  write('BILL TO', [PAGE.margin, y], {}, { size: 10, color: MUTED, bold: true });
  const billTo = [customer?.name, customer?.company, customer?.email, customer?.phone, customer?.address].filter(
    (v): v is string => !!v && v.trim() !== '',
  );
  write(billTo.join('\n') || '—', [PAGE.margin, y + 16], { width: 260 }, { size: 11, color: INK });
  const afterBillTo = doc.y;

  const dates: [string, string][] = [
    ['Invoice Number', invoice.invoiceNumber],
    ['Issue Date', formatDate(invoice.issueDate)],
    ['Due Date', formatDate(invoice.dueDate)],
    ['Currency', invoice.currency],
  ];
  dates.forEach(([label, value], i) => {
    write(label, [345, y + i * 18], { width: 100 }, { size: 10, color: MUTED, bold: true });
    write(value, [445, y + i * 18], { width: 100, align: 'right' }, { size: 10, color: INK });
  });
  y = Math.max(afterBillTo, y + dates.length * 18) + 30;

  // Items.
  const th = { size: 10, color: '#374151', bold: true };
  const td = { size: 10, color: INK };
  const header = () => {
    doc.rect(PAGE.margin, y - 6, COLS.end - PAGE.margin, 22).fill('#F3F4F6');
    write('Description', [COLS.description + 4, y], { width: COLS.quantity - COLS.description - 10 }, th);
    write('Qty', [COLS.quantity, y], { width: COLS.rate - COLS.quantity - 5, align: 'right' }, th);
    write('Rate', [COLS.rate, y], { width: COLS.amount - COLS.rate - 5, align: 'right' }, th);
    write('Amount', [COLS.amount, y], { width: COLS.end - COLS.amount - 4, align: 'right' }, th);
    y += 24;
  };
  header();
  const descWidth = COLS.quantity - COLS.description - 10;
  for (const item of invoice.items ?? []) {
    doc.font('Regular').fontSize(td.size);
    const h = Math.max(doc.heightOfString(item.description, { width: descWidth }), 12) + 8;
    if (y + h > PAGE.height - PAGE.margin - 20) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    write(item.description, [COLS.description + 4, y], { width: descWidth }, td);
    write(formatQuantity(item.quantity), [COLS.quantity, y], { width: COLS.rate - COLS.quantity - 5, align: 'right' }, td);
    write(money(item.rate), [COLS.rate, y], { width: COLS.amount - COLS.rate - 5, align: 'right' }, td);
    write(money(item.amount), [COLS.amount, y], { width: COLS.end - COLS.amount - 4, align: 'right' }, td);
    y += h;
    doc
      .moveTo(PAGE.margin, y - 4)
      .lineTo(COLS.end, y - 4)
      .lineWidth(0.5)
      .strokeColor('#E5E7EB')
      .stroke();
  }

  // Totals.
  const totals: [string, string, boolean][] = [['Subtotal', money(invoice.subtotal), false]];
  totals.push(['Tax', money(invoice.taxAmount), false]);
  if (invoice.discountAmount !== '0.00') totals.push(['Discount', `-${money(invoice.discountAmount)}`, false]);
  if (invoice.shippingAmount !== '0.00') totals.push(['Shipping', money(invoice.shippingAmount), false]);
  totals.push(['Total', money(invoice.total), true]);
  // Partly paid: what came in and what is left (a fully paid invoice shows its status instead).
  if (invoice.amountPaid !== '0.00' && invoice.balanceDue !== '0.00') {
    totals.push(['Amount paid', `-${money(invoice.amountPaid)}`, false]);
    totals.push(['Balance due', money(invoice.balanceDue), true]);
  }
  if (y + totals.length * 20 + 20 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 10;
  for (const [label, value, strong] of totals) {
    const style = { size: strong ? 12 : 10, color: INK, bold: strong };
    write(label, [345, y], { width: 100 }, style);
    write(value, [445, y], { width: COLS.end - 445 - 4, align: 'right' }, style);
    y += strong ? 22 : 18;
  }

  // Notes, terms, payment instructions (flowing text: pdfkit breaks pages itself).
  doc.x = PAGE.margin;
  doc.y = y + 20;
  const width = COLS.end - PAGE.margin;
  for (const [label, text] of [
    ['Notes', invoice.notes],
    ['Terms & Conditions', invoice.terms],
    ['Payment Instructions', invoice.paymentInstructions],
  ] as const) {
    if (!text) continue;
    write(label, [PAGE.margin, doc.y], { width }, { size: 10, color: MUTED, bold: true });
    write(text, null, { width }, { size: 10, color: INK });
    doc.moveDown();
  }
  doc.end();
  return doc;
}

/** The whole PDF in memory (for the e-mail attachment). */
export async function invoicePdfBuffer(invoice: Invoice, sender: PdfSender | null, fonts?: InvoiceFonts): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of invoicePdf(invoice, sender, fonts)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
