import type { Sheet } from '../sheet.ts';
import { drawPaymentDetails } from '../payment-details.ts';
import { drawItems, drawTotalRows } from '../table.ts';

/**
 * Classic (traditional): the logo on its own row, the seller on the left and a large INVOICE title on the right, a
 * rule in the primary colour, Bill To beside the details, a full grid table, totals in a ruled box.
 */
export function classic(s: Sheet) {
  const { left, right, top } = s.page;
  let y = top;
  if (s.hasLogo) y += s.drawLogo(left, y, s.width) + 14;

  const titleW = 200;
  let leftY = y + s.text(s.sellerName, left, y, { width: s.width - titleW - 20 }, { size: s.base + 8, bold: true, color: s.c.primary });
  if (s.headerText)
    leftY += 4 + s.text(s.headerText, left, leftY + 4, { width: s.width - titleW - 20 }, { color: s.c.secondary, size: s.base - 0.5 });
  let rightY =
    y +
    s.text(
      s.title.toUpperCase(),
      right - titleW,
      y - 2,
      { width: titleW, align: 'right', characterSpacing: 1 },
      { size: s.base + 14, bold: true, color: s.c.primary },
    );
  rightY += s.text(`# ${s.number}`, right - titleW, rightY, { width: titleW, align: 'right' }, { color: s.c.secondary });
  y = Math.max(leftY, rightY) + 12;
  s.doc.lineWidth(2).strokeColor(s.c.primary).moveTo(left, y).lineTo(right, y).stroke();
  y += 16;

  // Bill To on the left, the details as label: value rows on the right.
  s.text(s.L.billTo.toUpperCase(), left, y, {}, { size: s.base - 1, bold: true, color: s.c.secondary });
  const billH = s.text(s.billTo, left, y + s.base + 4, { width: 250 }, {});
  const labelX = right - 250;
  let dy = y;
  for (const [label, value] of s.details) {
    const h = s.text(value, labelX + 110, dy, { width: 140, align: 'right' }, {});
    s.text(label, labelX, dy, { width: 110 }, { bold: true, size: s.base - 0.5, color: s.c.secondary });
    dy += Math.max(h, s.base * 1.2) + 4;
  }
  y = Math.max(y + s.base + 4 + billH, dy) + 22;

  y = drawItems(s, y, {
    header: { fill: s.c.soft, text: { color: s.c.primary } },
    grid: s.c.line,
    pad: 5,
  });

  // Totals in a box on the right.
  const boxX = right - 230;
  const rows = s.totals.length;
  y = s.room(y + 14, rows * (s.base + 10) + 20);
  const startY = y;
  y = drawTotalRows(s, boxX + 10, y + 8, { strong: { color: s.c.primary }, ruleAboveStrong: s.c.primary });
  s.doc
    .lineWidth(0.8)
    .strokeColor(s.c.line)
    .rect(boxX, startY, right - boxX, y - startY + 2)
    .stroke();
  const heading = { bold: true, color: s.c.primary };
  drawPaymentDetails(s, s.drawClosing(y + 24, heading), heading);
}
