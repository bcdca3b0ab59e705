import type { Sheet } from '../sheet.ts';
import { drawPaymentDetails } from '../payment-details.ts';
import { drawItems, drawTotalRows } from '../table.ts';

/**
 * Minimal (simple): no fills and no boxes. A light title with the number under it, the seller small in the
 * corner, the dates on one line, the items between two hairlines with no row lines, and the totals as a plain list
 * with one rule above the total.
 */
export function minimal(s: Sheet) {
  const { left, right, top } = s.page;
  const width = s.width;
  let y = top;

  // Seller (and logo) in a narrow column on the right, title on the left.
  const colW = 200;
  let rightY = y;
  if (s.hasLogo) rightY += s.drawLogo(right - colW, rightY, colW, s.t.logoPosition === 'left' ? 'left' : 'right') + 8;
  rightY += s.text(s.sellerName, right - colW, rightY, { width: colW, align: 'right' }, { bold: true });
  if (s.headerText)
    rightY +=
      2 + s.text(s.headerText, right - colW, rightY + 2, { width: colW, align: 'right' }, { size: s.base - 1, color: s.c.secondary });

  let leftY = y + s.text(s.title, left, y, { width: width - colW - 20 }, { size: s.base + 16, color: s.c.primary });
  leftY += s.text(s.number, left, leftY + 2, { width: width - colW - 20 }, { color: s.c.secondary }) + 2;
  y = Math.max(leftY, rightY) + 26;

  // The details on one line, separated by dots.
  const line = s.details.map(([label, value]) => `${label}: ${value}`).join('   ·   ');
  y += s.text(line, left, y, { width }, { size: s.base - 1, color: s.c.secondary }) + 18;

  s.text(s.L.billTo, left, y, {}, { size: s.base - 1, color: s.c.secondary });
  y += s.base + 4;
  y += s.text(s.billTo, left, y, { width: 300 }, {}) + 26;

  s.doc.lineWidth(0.5).strokeColor(s.c.text).moveTo(left, y).lineTo(right, y).stroke();
  y = drawItems(s, y, {
    header: { text: { color: s.c.secondary, bold: false, size: s.base - 1 }, rule: { color: s.c.line, width: 0.5 } },
    pad: 6,
  });
  s.doc.lineWidth(0.5).strokeColor(s.c.text).moveTo(left, y).lineTo(right, y).stroke();

  y = drawTotalRows(s, right - 200, s.room(y + 14, s.totals.length * (s.base + 10)), {
    normal: { color: s.c.secondary },
    strong: { color: s.c.text, bold: true },
    ruleAboveStrong: s.c.text,
    gap: 5,
  });
  const heading = { color: s.c.secondary };
  drawPaymentDetails(s, s.drawClosing(y + 30, heading), heading);
}
