import { excludedCurrenciesNote, type FinancialReport } from '@billpoint/proto';

const AMOUNT = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: quoted, quotes doubled; text a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) is prefixed with an apostrophe. Amounts are exact decimal strings and left as numbers.
 */
export function csvCell(v: string | null): string {
  const s = v ?? '';
  const safe = !AMOUNT.test(s) && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The report as CSV: a heading block, then one row per figure (section, line, account, amount), totals and summary. */
export function reportCsv(r: FinancialReport): string {
  const d = r.reportData;
  const rows: (string | null)[][] = [
    ['Report', r.title],
    ['Period', `${r.period} (${r.startDate} to ${r.endDate})`],
    ['Currency', d.currency],
    ['Generated at', r.generatedAt],
    [],
    ['Section', 'Line', 'Account', 'Amount'],
  ];
  for (const s of d.sections) {
    for (const l of s.lines) rows.push([s.title, l.label, l.accountCode, l.amount]);
    rows.push([s.title, 'Total', null, s.total]);
  }
  rows.push([d.summary.label, null, null, d.summary.amount]);
  const excluded = excludedCurrenciesNote(d.excludedCurrencies);
  if (excluded) rows.push([excluded]);
  if (d.byCurrency) {
    rows.push([], ['Currency', d.summary.label, `In ${d.currency}`]);
    for (const c of d.byCurrency) rows.push([c.currency, c.amount, c.inBase ?? 'No exchange rate: not included']);
  }
  return rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A file name from the title: letters, digits and dashes. */
export const reportFileName = (r: FinancialReport, ext: string) =>
  `${
    r.title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'report'
  }-${r.id}.${ext}`;
