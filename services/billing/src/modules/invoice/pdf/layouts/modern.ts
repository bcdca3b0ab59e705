import type { Sheet } from '../sheet.ts';
import { drawPaymentDetails } from '../payment-details.ts';
import { drawItems, drawTotalRows } from '../table.ts';

/**
 * Modern (clean, contemporary): a full-width band in the primary colour holding the logo, the seller and the
 * title; three cards (Bill To, details, the amount due on the accent colour); a table with a filled header and
 * striped rows, no grid; the total on an accent block.
 */
export function modern(s: Sheet) {
  const { left, right, top, width } = { ...s.page, width: s.width };
  const white = '#FFFFFF';
  const d = s.doc;

  // The band: measure first, then fill and draw on it.
  const logoH = s.hasLogo ? (s.logo!.height / s.logo!.width) * Math.min(s.logoWidth, 160) : 0;
  const sellerH = s.measure(s.sellerName || ' ', { width: width - 220 }, { size: s.base + 10, bold: true });
  const headerH = s.headerText ? s.measure(s.headerText, { width: width - 220 }, { size: s.base - 0.5 }) + 6 : 0;
  const bandH = Math.max(110, top + Math.min(logoH, 76) + (logoH ? 12 : 0) + sellerH + headerH + 24);
  d.rect(0, 0, s.page.width, bandH).fill(s.c.primary);
  let y = top - 14;
  if (s.hasLogo) y += s.drawLogo(left, y, width) + 12;
  y += s.text(s.sellerName, left, y, { width: width - 220 }, { size: s.base + 10, bold: true, color: white });
  if (s.headerText) s.text(s.headerText, left, y + 6, { width: width - 220 }, { size: s.base - 0.5, color: s.c.soft });
  s.text(s.title, right - 200, bandH - 64, { width: 200, align: 'right' }, { size: s.base + 18, bold: true, color: white });
  s.text(s.number, right - 200, bandH - 30, { width: 200, align: 'right' }, { size: s.base + 1, color: s.c.soft });
  y = bandH + 24;

  // Three cards.
  const gap = 14;
  const cardW = (width - 2 * gap) / 3;
  const pad = 10;
  const billH = s.measure(s.billTo, { width: cardW - 2 * pad }, {});
  const detailsH = s.details.reduce(
    (h, [, value]) => h + s.base + s.measure(value, { width: cardW - 2 * pad }, { size: s.base - 0.5, bold: true }) + 4,
    0,
  );
  const cardH = Math.max(billH + s.base + 28, detailsH + 2 * pad, 74);
  d.roundedRect(left, y, cardW, cardH, 6).fill(s.c.soft);
  s.text(s.L.billTo, left + pad, y + pad, { width: cardW - 2 * pad }, { bold: true, size: s.base - 1, color: s.c.primary });
  s.text(s.billTo, left + pad, y + pad + s.base + 6, { width: cardW - 2 * pad }, {});
  const x2 = left + cardW + gap;
  d.roundedRect(x2, y, cardW, cardH, 6).fill(s.c.soft);
  let dy = y + pad;
  for (const [label, value] of s.details) {
    s.text(label, x2 + pad, dy, { width: cardW - 2 * pad, lineBreak: false }, { size: s.base - 2, color: s.c.secondary });
    dy += s.base;
    dy += s.text(value, x2 + pad, dy, { width: cardW - 2 * pad }, { size: s.base - 0.5, bold: true }) + 4;
  }
  const x3 = x2 + cardW + gap;
  d.roundedRect(x3, y, cardW, cardH, 6).fill(s.c.accent);
  const highlight = s.highlight;
  s.text(highlight.label, x3 + pad, y + pad, { width: cardW - 2 * pad }, { size: s.base - 1, bold: true, color: white });
  s.text(highlight.value, x3 + pad, y + pad + s.base + 8, { width: cardW - 2 * pad }, { size: s.base + 8, bold: true, color: white });
  s.text(highlight.note, x3 + pad, y + cardH - pad - s.base, { width: cardW - 2 * pad }, { size: s.base - 1.5, color: white });
  y += cardH + 26;

  y = drawItems(s, y, {
    header: { fill: s.c.primary, text: { color: white } },
    zebra: s.c.soft,
    pad: 6,
  });

  // Subtotal, tax … as plain rows; the total rows on an accent block.
  const x = right - 240;
  y = s.room(y + 16, s.totals.length * (s.base + 12) + 20);
  const normal = s.totals.filter((r) => !r.strong);
  const strong = s.totals.filter((r) => r.strong);
  for (const r of normal) {
    s.text(r.label, x, y, { width: 120 }, { color: s.c.secondary });
    y += s.text(r.value, x + 100, y, { width: 140, align: 'right' }, {}) + 6;
  }
  y += 4;
  const blockH = strong.length * (s.base + 14) + 12;
  d.roundedRect(x - 8, y, right - x + 8, blockH, 6).fill(s.c.accent);
  drawTotalRows(s, x + 4, y + 8, { rows: strong, right: right - 10, strong: { color: white } });
  y += blockH;
  const heading = { bold: true, color: s.c.primary };
  drawPaymentDetails(s, s.drawClosing(y + 26, heading), heading);
}
