import type { Sheet, TextStyle } from './sheet.ts';

/** How a layout draws the items: the structure differs per layout, not only the colours. */
export interface TableStyle {
  /** Header row: its fill (none: text only), text style, upper-case labels, a rule under it. */
  header: { fill?: string; text: TextStyle; upper?: boolean; rule?: { color: string; width: number } };
  /** Borders around every cell (a grid). */
  grid?: string;
  /** Fill of every other row. */
  zebra?: string;
  /** A hairline under every row. */
  separator?: string;
  /** A leading "#" column numbering the lines. */
  numbered?: boolean;
  /** Vertical padding of a row. */
  pad: number;
}

/** The items table from `y`, header repeated on every page it runs onto; answers the y below it. */
export function drawItems(s: Sheet, y: number, st: TableStyle): number {
  const { left, right } = s.page;
  const num = st.numbered ? 26 : 0;
  const cols = {
    no: left,
    description: left + num,
    quantity: right - 230,
    rate: right - 175,
    amount: right - 90,
  };
  const inset = st.grid || st.header.fill || st.zebra ? 6 : 0;
  const cell = {
    description: { x: cols.description + inset, width: cols.quantity - cols.description - inset - 8 },
    quantity: { x: cols.quantity, width: cols.rate - cols.quantity - 6 },
    rate: { x: cols.rate, width: cols.amount - cols.rate - 6 },
    amount: { x: cols.amount, width: right - cols.amount - inset },
  };
  const size = s.base - 0.5;
  const label = (v: string) => (st.header.upper ? v.toUpperCase() : v);
  // The grid: a horizontal rule under every row, and the column rules drawn once per page over the rows drawn there.
  let gridTop = y;
  const columnRules = (bottom: number) => {
    if (!st.grid || bottom <= gridTop) return;
    const d = s.doc.lineWidth(0.6).strokeColor(st.grid);
    for (const x of [left, ...(num ? [cols.description - 3] : []), cols.quantity - 3, cols.rate - 3, cols.amount - 3, right])
      d.moveTo(x, gridTop).lineTo(x, bottom);
    d.stroke();
  };
  const rowRule = (at: number, colour: string | undefined, width: number) => {
    if (colour) s.doc.lineWidth(width).strokeColor(colour).moveTo(left, at).lineTo(right, at).stroke();
  };

  const header = () => {
    const h = size + st.pad * 2 + 2;
    if (st.header.fill) s.doc.rect(left, y, right - left, h).fill(st.header.fill);
    const t = { size, bold: true, ...st.header.text };
    const ty = y + st.pad + 1;
    if (num) s.text('#', cols.no + inset, ty, { width: num - inset }, t);
    s.text(label(s.L.description), cell.description.x, ty, { width: cell.description.width, lineBreak: false }, t);
    s.text(label(s.L.quantity), cell.quantity.x, ty, { width: cell.quantity.width, align: 'right', lineBreak: false }, t);
    s.text(label(s.L.rate), cell.rate.x, ty, { width: cell.rate.width, align: 'right', lineBreak: false }, t);
    s.text(label(s.L.amount), cell.amount.x, ty, { width: cell.amount.width, align: 'right', lineBreak: false }, t);
    if (st.grid) rowRule(y, st.grid, 0.6);
    rowRule(y + h, st.header.rule?.color ?? st.grid, st.header.rule?.width ?? 0.6);
    y += h;
  };

  gridTop = y;
  header();
  s.items.forEach((it, i) => {
    const textH = Math.max(s.measure(it.description, { width: cell.description.width }, { size }), size * 1.2);
    const h = textH + st.pad * 2;
    if (y + h > s.page.bottom) {
      columnRules(y);
      s.doc.addPage();
      y = s.page.top;
      gridTop = y;
      header();
    }
    if (st.zebra && i % 2 === 1) s.doc.rect(left, y, right - left, h).fill(st.zebra);
    const ty = y + st.pad;
    const td = { size };
    if (num) s.text(String(i + 1), cols.no + inset, ty, { width: num - inset }, { size, color: s.c.secondary });
    s.text(it.description, cell.description.x, ty, { width: cell.description.width }, td);
    s.text(s.qty(it.quantity), cell.quantity.x, ty, { width: cell.quantity.width, align: 'right' }, td);
    s.text(s.money(it.rate), cell.rate.x, ty, { width: cell.rate.width, align: 'right' }, td);
    s.text(s.money(it.amount), cell.amount.x, ty, { width: cell.amount.width, align: 'right' }, td);
    rowRule(y + h, st.grid ?? st.separator, st.grid ? 0.6 : 0.5);
    y += h;
  });
  columnRules(y);
  return y;
}

/** Totals as label/value rows in a column from `x` to the right margin; answers the y below them. */
export function drawTotalRows(
  s: Sheet,
  x: number,
  y: number,
  o: {
    rows?: Sheet['totals'];
    right?: number;
    gap?: number;
    strong?: TextStyle;
    normal?: TextStyle;
    upper?: boolean;
    ruleAboveStrong?: string;
  } = {},
): number {
  const right = o.right ?? s.page.right;
  const width = right - x;
  for (const row of o.rows ?? s.totals) {
    const style = row.strong ? { size: s.base + 1.5, bold: true, ...o.strong } : { size: s.base, ...o.normal };
    const h = s.measure(row.value, { width: width / 2 }, style);
    y = s.room(y, h + 8);
    if (row.strong && o.ruleAboveStrong) {
      s.doc
        .lineWidth(0.8)
        .strokeColor(o.ruleAboveStrong)
        .moveTo(x, y - 3)
        .lineTo(right, y - 3)
        .stroke();
      y += 3;
    }
    s.text(o.upper ? row.label.toUpperCase() : row.label, x, y, { width: width * 0.55 }, style);
    s.text(row.value, x + width * 0.4, y, { width: width * 0.6, align: 'right' }, style);
    y += h + (o.gap ?? 6);
  }
  return y;
}
