import PDFDocument from 'pdfkit';
import { useFaces } from '../invoice/pdf/faces.ts';
import { formatDate, formatMoney } from '../invoice/pdf/format.ts';
import { drawLogo } from '../invoice/pdf/logo.ts';
import { tint } from '../invoice/pdf/sheet.ts';
import type { PdfDesign, PdfSeller } from '../invoice/pdf/index.ts';
import type { Statement, StatementLine } from './portal.statement.ts';

const KIND_LABEL: Record<StatementLine['kind'], string> = {
  invoice: 'Invoice',
  payment: 'Payment for invoice',
  credit_note: 'Credit note',
};

/**
 * A customer's statement as a PDF (a readable stream, ended here), in the organization's invoice design (font,
 * colours, logo, date and number formats of its default template): the seller and the customer, the period and
 * currency, the opening balance, the period's lines with a running balance, and the closing balance.
 */
export function statementPdf(s: Statement, seller: PdfSeller | null, design: PdfDesign): PDFKit.PDFDocument {
  const t = design.settings;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, left: 50, right: 50, bottom: 64 },
    font: null as unknown as string,
    info: { Title: `Statement ${s.from} – ${s.to}`, Author: seller?.name ?? '', CreationDate: new Date(`${s.to}T00:00:00Z`) },
  });
  useFaces(doc, t.fontFamily);
  const money = (v: string) => formatMoney(v, s.currency, t.numberFormat);
  const date = (d: string) => formatDate(d, t.dateFormat, t.language);
  const left = 50;
  const right = 545.28;
  const bottom = 841.89 - 64;
  const text = (v: string, x: number, y: number, o: PDFKit.Mixins.TextOptions = {}, bold = false, color = t.textColor, size = 10) => {
    doc
      .font(bold ? 'Bold' : 'Regular')
      .fontSize(size)
      .fillColor(color);
    doc.text(v, x, y, o);
    return doc.y - y;
  };

  let y = 50;
  if (design.logo && t.showCompanyLogo) y += drawLogo(doc, design.logo, { x: left, y, width: 180, height: 60, align: 'left' }) + 12;
  const sellerLines = [seller?.address, seller?.phone, seller?.email, seller?.taxId ? `Tax ID: ${seller.taxId}` : null].filter(
    (v): v is string => !!v && v.trim() !== '',
  );
  let leftY = y + text(seller?.name ?? '', left, y, { width: 280 }, true, t.primaryColor, 18);
  if (sellerLines.length) leftY += 4 + text(sellerLines.join('\n'), left, leftY + 4, { width: 280 }, false, t.secondaryColor, 9.5);
  const rightY = y + text('STATEMENT', right - 220, y - 2, { width: 220, align: 'right', characterSpacing: 1 }, true, t.primaryColor, 24);
  y = Math.max(leftY, rightY + 20) + 12;
  doc.lineWidth(2).strokeColor(t.primaryColor).moveTo(left, y).lineTo(right, y).stroke();
  y += 16;

  text('STATEMENT FOR', left, y, {}, true, t.secondaryColor, 9);
  const who = [s.customer.name, s.customer.company, s.customer.address, s.customer.email].filter(
    (v): v is string => !!v && v.trim() !== '',
  );
  const whoH = text(who.join('\n'), left, y + 14, { width: 250 });
  let dy = y;
  for (const [label, value] of [
    ['Period', `${date(s.from)} – ${date(s.to)}`],
    ['Currency', s.currency],
    ['Closing balance', money(s.closing)],
  ] as const) {
    text(label, right - 250, dy, { width: 110 }, true, t.secondaryColor, 9.5);
    text(value, right - 140, dy, { width: 140, align: 'right' });
    dy += 16;
  }
  y = Math.max(y + 14 + whoH, dy) + 20;

  const cols = { date: left, what: left + 85, amount: right - 190, balance: right - 90 };
  const header = () => {
    doc.rect(left, y, right - left, 20).fill(tint(t.primaryColor, 0.9));
    text('Date', cols.date + 6, y + 5, {}, true, t.primaryColor, 9.5);
    text('Description', cols.what, y + 5, {}, true, t.primaryColor, 9.5);
    text('Amount', cols.amount, y + 5, { width: 90, align: 'right' }, true, t.primaryColor, 9.5);
    text('Balance', cols.balance, y + 5, { width: 84, align: 'right' }, true, t.primaryColor, 9.5);
    y += 26;
  };
  const row = (d: string, what: string, amount: string, balance: string, bold = false) => {
    if (y > bottom - 24) {
      doc.addPage();
      y = 50;
      header();
    }
    text(d, cols.date + 6, y, {}, bold);
    text(what, cols.what, y, { width: cols.amount - cols.what - 8 }, bold);
    text(amount, cols.amount, y, { width: 90, align: 'right' }, bold);
    text(balance, cols.balance, y, { width: 84, align: 'right' }, bold);
    y += 18;
    doc
      .lineWidth(0.5)
      .strokeColor(tint(t.secondaryColor, 0.75))
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .stroke();
  };
  header();
  row(date(s.from), 'Opening balance', '', money(s.opening), true);
  for (const l of s.lines) row(date(l.date), `${KIND_LABEL[l.kind]} ${l.reference}`, money(l.amount), money(l.balance));
  if (!s.lines.length) row('', 'No invoices, payments or credit notes in this period', '', '');
  row(date(s.to), 'Closing balance', '', money(s.closing), true);

  y += 12;
  if (y > bottom - 70) {
    doc.addPage();
    y = 50;
  }
  for (const [label, value] of [
    ['Invoiced in the period', money(s.invoiced)],
    ['Paid in the period', money(s.paid)],
    ['Credited in the period', money(s.credited)],
  ] as const) {
    text(label, right - 300, y, { width: 190 }, false, t.secondaryColor);
    text(value, right - 110, y, { width: 110, align: 'right' });
    y += 16;
  }
  doc.end();
  return doc;
}
