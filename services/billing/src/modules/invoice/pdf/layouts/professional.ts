import type { Sheet } from '../sheet.ts';
import { drawPaymentDetails } from '../payment-details.ts';
import { drawItems } from '../table.ts';

/**
 * Professional (formal business): a letterhead (logo, seller, header text) beside a bordered INVOICE panel with
 * the details, a double rule, a boxed Bill To, numbered lines in a bordered table with a dark header, and the
 * totals as a bordered table closed by a TOTAL bar.
 */
export function professional(s: Sheet) {
  const { left, right, top } = s.page;
  const d = s.doc;
  const white = '#FFFFFF';
  const dark = s.c.text;
  let y = top;

  // Letterhead on the left.
  const panelW = 220;
  const headW = s.width - panelW - 24;
  let leftY = y;
  if (s.hasLogo) leftY += s.drawLogo(left, leftY, headW, s.t.logoPosition === 'right' ? 'right' : s.t.logoPosition) + 10;
  leftY += s.text(s.sellerName, left, leftY, { width: headW }, { size: s.base + 6, bold: true });
  if (s.headerText) leftY += 4 + s.text(s.headerText, left, leftY + 4, { width: headW }, { size: s.base - 0.5, color: s.c.secondary });

  // The INVOICE panel: a dark title bar and the details in ruled rows.
  const px = right - panelW;
  const barH = s.base + 16;
  d.rect(px, y, panelW, barH).fill(dark);
  s.text(
    s.title.toUpperCase(),
    px,
    y + 8,
    { width: panelW, align: 'center', characterSpacing: 3 },
    { size: s.base + 4, bold: true, color: white },
  );
  let py = y + barH;
  for (const [label, value] of s.details) {
    const h = Math.max(s.measure(value, { width: panelW / 2 - 8 }, { size: s.base - 0.5 }), s.base) + 8;
    s.text(label.toUpperCase(), px + 6, py + 4, { width: panelW / 2 - 6 }, { size: s.base - 2.5, bold: true, color: s.c.secondary });
    s.text(value, px + panelW / 2, py + 4, { width: panelW / 2 - 6, align: 'right' }, { size: s.base - 0.5 });
    py += h;
    d.lineWidth(0.5).strokeColor(s.c.line).moveTo(px, py).lineTo(right, py).stroke();
  }
  d.lineWidth(1)
    .strokeColor(dark)
    .rect(px, y, panelW, py - y)
    .stroke();
  y = Math.max(leftY, py) + 16;

  // Double rule.
  d.lineWidth(2.5).strokeColor(s.c.primary).moveTo(left, y).lineTo(right, y).stroke();
  d.lineWidth(0.7)
    .moveTo(left, y + 4)
    .lineTo(right, y + 4)
    .stroke();
  y += 18;

  // Bill To in a box with a heading strip.
  const boxW = 280;
  const billH = s.measure(s.billTo, { width: boxW - 16 }, {});
  d.rect(left, y, boxW, s.base + 10).fill(s.c.soft);
  s.text(s.L.billTo.toUpperCase(), left + 8, y + 5, { width: boxW - 16 }, { size: s.base - 1.5, bold: true, color: s.c.primary });
  s.text(s.billTo, left + 8, y + s.base + 16, { width: boxW - 16 }, {});
  d.lineWidth(0.7)
    .strokeColor(s.c.line)
    .rect(left, y, boxW, billH + s.base + 24)
    .stroke();
  y += billH + s.base + 44;

  y = drawItems(s, y, {
    header: { fill: dark, text: { color: white, size: s.base - 1.5 }, upper: true },
    grid: s.c.line,
    numbered: true,
    pad: 5,
  });

  // Totals: a bordered two-column table, the strong rows as dark bars.
  const tx = right - 250;
  const rows = s.totals;
  y = s.room(y + 16, rows.length * (s.base + 14) + 10);
  const startY = y;
  for (const r of rows) {
    const h = s.base + 12;
    if (r.strong) d.rect(tx, y, right - tx, h).fill(s.c.primary);
    const st = r.strong ? { bold: true, color: white, size: s.base + 0.5 } : { size: s.base - 0.5 };
    s.text(r.label.toUpperCase(), tx + 8, y + 6, { width: 130 }, { ...st, size: st.size - 1 });
    s.text(r.value, tx + 110, y + 6, { width: right - tx - 118, align: 'right' }, st);
    y += h;
    if (!r.strong) d.lineWidth(0.5).strokeColor(s.c.line).moveTo(tx, y).lineTo(right, y).stroke();
  }
  d.lineWidth(1)
    .strokeColor(dark)
    .rect(tx, startY, right - tx, y - startY)
    .stroke();
  const heading = { bold: true, color: dark };
  drawPaymentDetails(s, s.drawClosing(y + 26, heading), heading);
}
