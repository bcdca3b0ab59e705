import type { Sheet, TextStyle } from './sheet.ts';
import { epcPayload, groupedIban, qrModules } from './epc-qr.ts';

/** The words of the payment block, in one place (English until the PDF's languages cover them). */
export const PaymentDetailsText = {
  heading: 'Payment details',
  accountHolder: 'Account holder',
  iban: 'IBAN',
  bic: 'BIC',
  reference: 'Reference',
  scanToPay: 'Scan to pay',
} as const;

/** The QR code's side (quiet zone included) in points: about 3 cm, what banking apps read comfortably from paper. */
const QR_SIDE = 86;
/** The white margin the QR standard asks for around the code, in modules. */
const QUIET = 4;

/**
 * The payment block of an invoice whose organization has saved bank details: account holder, IBAN in groups of four,
 * BIC and the reference to quote; beside it the SEPA credit transfer code (EPC "GiroCode") for an invoice in euro that
 * still has something to pay. The code is drawn as vector squares (one filled path), so it stays sharp when printed.
 * Answers the y under it (`y` itself when nothing is drawn: other documents, no bank details).
 */
export function drawPaymentDetails(s: Sheet, y: number, heading: TextStyle = { bold: true, color: s.c.secondary }): number {
  const pay = s.kind.payment;
  const bank = s.seller;
  if (!pay || !bank?.iban?.trim()) return y;
  const holder = bank.accountHolder?.trim() || null;
  const rows: [string, string][] = [
    ...(holder ? [[PaymentDetailsText.accountHolder, holder] as [string, string]] : []),
    [PaymentDetailsText.iban, groupedIban(bank.iban)],
    ...(bank.bic?.trim() ? [[PaymentDetailsText.bic, bank.bic.trim().toUpperCase()] as [string, string]] : []),
    [PaymentDetailsText.reference, s.number],
  ];
  const payload = epcPayload({
    iban: bank.iban,
    bic: bank.bic,
    name: holder ?? bank.name,
    currency: s.kind.currency,
    amount: pay.amount,
    reference: s.number,
  });
  const rowH = s.base * 1.2 + 3;
  const textH = s.base * 1.6 + rows.length * rowH;
  const needed = Math.max(textH, payload ? QR_SIDE + s.base * 1.6 : 0);
  const { left, right } = s.page;
  let at = s.room(y + s.base, needed);
  const top = at;
  at += s.text(PaymentDetailsText.heading, left, at, { width: 300 }, { size: s.base, ...heading }) + 3;
  for (const [label, value] of rows) {
    s.text(label, left, at, { width: 100 }, { bold: true, size: s.base - 0.5, color: s.c.secondary });
    s.text(value, left + 100, at, { width: 260 }, {});
    at += rowH;
  }
  if (!payload) return at;
  const modules = qrModules(payload);
  const x = right - QR_SIDE;
  drawQr(s, modules, x, top, QR_SIDE);
  const captionH = s.text(
    PaymentDetailsText.scanToPay,
    x,
    top + QR_SIDE + 2,
    { width: QR_SIDE, align: 'center' },
    { size: s.base - 1.5, color: s.c.secondary },
  );
  return Math.max(at, top + QR_SIDE + 2 + captionH);
}

/** A QR code as filled rectangles on white: each row's runs of dark modules become one rectangle, all in one path. */
function drawQr(s: Sheet, modules: boolean[][], x: number, y: number, side: number) {
  const count = modules.length + QUIET * 2;
  const m = side / count;
  const d = s.doc as PDFKit.PDFDocument & { _fillColor?: unknown };
  d.save();
  d.rect(x, y, side, side).fill('#FFFFFF');
  modules.forEach((row, r) => {
    for (let c = 0; c < row.length;) {
      if (!row[c]) {
        c++;
        continue;
      }
      let end = c;
      while (end < row.length && row[end]) end++;
      d.rect(x + (QUIET + c) * m, y + (QUIET + r) * m, (end - c) * m, m);
      c = end;
    }
  });
  d.fill('#000000');
  d.restore();
  d._fillColor = undefined; // restored by the PDF, not by pdfkit's own record
}
