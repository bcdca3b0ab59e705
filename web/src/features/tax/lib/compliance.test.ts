import { describe, expect, it } from 'vitest';
import type { FinancialReport } from '@billpoint/proto';
import { complianceDeadlines, type VatFiling } from './compliance';

/** Quarterly, the general rule (the last day of the month after the quarter). */
const Q: VatFiling = { country: null, frequency: 'quarterly', extension: false };

const report = (over: Partial<FinancialReport>): FinancialReport => ({
  id: 1,
  type: 'sales_tax',
  title: 'Sales tax',
  period: '2026-Q3',
  startDate: '2026-07-01',
  endDate: '2026-09-30',
  status: 'generated',
  reportData: { currency: 'USD', sections: [], summary: { label: 'Tax payable', amount: '0.00' }, ledgerLines: 0 },
  generatedAt: '2026-10-02T10:00:00.000Z',
  filedAt: null,
  createdAt: '2026-10-02T10:00:00.000Z',
  ...over,
});

describe('tax compliance deadlines', () => {
  it('quarterly, the general rule: due on the last day of the month after the quarter', () => {
    const due = (today: string) => complianceDeadlines({ today, since: null, reports: [], vat: Q }).map((d) => d.dueDate);
    expect(due('2026-05-10')).toEqual(['2026-01-31', '2026-04-30', '2026-07-31']);
    expect(due('2027-11-10')).toEqual(['2027-07-31', '2027-10-31', '2028-01-31']);
  });

  it('a German monthly filer: the 10th of the following month, a month later with the extension', () => {
    const de = { country: 'DE', frequency: 'monthly', extension: false } as const;
    const d = complianceDeadlines({ today: '2026-11-20', since: null, reports: [], vat: de });
    expect(d.map((x) => [x.period, x.startDate, x.endDate, x.dueDate, x.status])).toEqual([
      ['2026-09', '2026-09-01', '2026-09-30', '2026-10-12', 'Overdue'], // 10 Oct 2026 is a Saturday
      ['2026-10', '2026-10-01', '2026-10-31', '2026-11-10', 'Overdue'],
      ['2026-11', '2026-11-01', '2026-11-30', '2026-12-10', 'Upcoming'],
    ]);
    const extended = complianceDeadlines({ today: '2026-11-20', since: null, reports: [], vat: { ...de, extension: true } });
    expect(extended.map((x) => [x.period, x.dueDate, x.status])).toEqual([
      ['2026-09', '2026-11-10', 'Overdue'],
      ['2026-10', '2026-12-10', 'Pending'],
      ['2026-11', '2027-01-11', 'Upcoming'], // 10 Jan 2027 is a Sunday
    ]);
    // Created this month: only the running month.
    expect(complianceDeadlines({ today: '2026-11-20', since: '2026-11-02', reports: [], vat: de }).map((x) => x.period)).toEqual([
      '2026-11',
    ]);
  });

  it('lists the two previous quarters and the current one, across a year boundary', () => {
    const d = complianceDeadlines({ today: '2027-02-10', since: '2020-01-01', reports: [], vat: Q });
    expect(d.map((x) => [x.period, x.startDate, x.endDate, x.dueDate])).toEqual([
      ['2026-Q3', '2026-07-01', '2026-09-30', '2026-10-31'],
      ['2026-Q4', '2026-10-01', '2026-12-31', '2027-01-31'],
      ['2027-Q1', '2027-01-01', '2027-03-31', '2027-04-30'],
    ]);
  });

  it('a quarter is Filed once a return report covering it is marked filed, Overdue past its due date, Pending once it ended', () => {
    const reports = [
      report({ id: 7, startDate: '2026-07-01', endDate: '2026-09-30', status: 'filed', filedAt: '2026-10-20T09:00:00.000Z' }),
      // Generated only, a draft, and a filed profit & loss do not file a return.
      report({ id: 8, startDate: '2026-04-01', endDate: '2026-06-30' }),
      report({ id: 10, startDate: '2026-04-01', endDate: '2026-06-30', status: 'draft' }),
      report({
        id: 9,
        type: 'profit_loss',
        startDate: '2026-04-01',
        endDate: '2026-06-30',
        status: 'filed',
        filedAt: '2026-07-02T00:00:00Z',
      }),
    ];
    const d = complianceDeadlines({ since: null, today: '2026-10-15', reports, vat: Q });
    expect(d.map((x) => [x.period, x.status, x.report?.id ?? null])).toEqual([
      ['2026-Q2', 'Overdue', 8], // the generated report is named: ready to be marked filed
      ['2026-Q3', 'Filed', 7],
      ['2026-Q4', 'Upcoming', null], // still running: nothing is due yet
    ]);

    // Archived after filing stays Filed; a filing undone (status generated, filedAt cleared) is not.
    const archived = [report({ id: 7, status: 'archived', filedAt: '2026-10-20T09:00:00.000Z' })];
    expect(complianceDeadlines({ since: null, today: '2026-11-15', reports: archived, vat: Q })[1]!.status).toBe('Filed');
    const undone = [report({ id: 7, status: 'generated', filedAt: null })];
    expect(complianceDeadlines({ since: null, today: '2026-11-15', reports: undone, vat: Q })[1]!.status).toBe('Overdue');

    // The current quarter's return can be filed early.
    const early = [report({ id: 11, startDate: '2026-10-01', endDate: '2026-12-31', status: 'filed', filedAt: '2026-12-31T12:00:00Z' })];
    expect(complianceDeadlines({ since: null, today: '2026-12-31', reports: early, vat: Q })[2]!.status).toBe('Filed');

    // The last day of a quarter it is still Upcoming; ended, Pending until its due date, then Overdue.
    expect(complianceDeadlines({ since: null, today: '2026-09-30', reports: [], vat: Q })[2]!.status).toBe('Upcoming');
    expect(complianceDeadlines({ since: null, today: '2026-10-01', reports: [], vat: Q })[1]!.status).toBe('Pending');
    // Before Q3's due date without a report: still Pending; after it: Overdue.
    expect(complianceDeadlines({ since: null, today: '2026-10-31', reports: [], vat: Q })[1]!.status).toBe('Pending');
    expect(complianceDeadlines({ since: null, today: '2026-11-01', reports: [], vat: Q })[1]!.status).toBe('Overdue');
  });

  it('an organization created today owes nothing: only the running quarter, Upcoming', () => {
    const d = complianceDeadlines({ today: '2026-11-26', since: '2026-11-26', reports: [], vat: Q });
    expect(d.map((x) => [x.period, x.status])).toEqual([['2026-Q4', 'Upcoming']]);
    expect(d.some((x) => x.status === 'Overdue' || x.status === 'Pending')).toBe(false);
  });

  it('an organization created last year: the quarters since then that ended are due', () => {
    // Created in 2026-Q2 (May): Q3 is Overdue past Oct 31, Q4 is running; nothing before Q2.
    const d = complianceDeadlines({ today: '2026-11-26', since: '2026-05-14', reports: [], vat: Q });
    expect(d.map((x) => [x.period, x.status])).toEqual([
      ['2026-Q2', 'Overdue'],
      ['2026-Q3', 'Overdue'],
      ['2026-Q4', 'Upcoming'],
    ]);
    // Created in 2025-Q4, seen in 2027-Q1: the two previous quarters and the current one, a year boundary between.
    const later = complianceDeadlines({ today: '2027-01-20', since: '2025-12-01', reports: [], vat: Q });
    expect(later.map((x) => [x.period, x.status])).toEqual([
      ['2026-Q3', 'Overdue'],
      ['2026-Q4', 'Pending'], // ended Dec 31, due Jan 31
      ['2027-Q1', 'Upcoming'],
    ]);
    // Created in the previous quarter: that quarter and the current one only.
    const young = complianceDeadlines({ today: '2026-10-10', since: '2026-08-20', reports: [], vat: Q });
    expect(young.map((x) => [x.period, x.status])).toEqual([
      ['2026-Q3', 'Pending'],
      ['2026-Q4', 'Upcoming'],
    ]);
  });
});
