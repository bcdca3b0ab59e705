import { describe, expect, it } from 'vitest';
import type { FinancialReport } from '@billpoint/proto';
import { complianceDeadlines, quarterDueDate } from './compliance';

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
  it('is due on the last day of the month after the quarter', () => {
    expect(quarterDueDate('2026-03-31')).toBe('2026-04-30');
    expect(quarterDueDate('2026-09-30')).toBe('2026-10-31');
    expect(quarterDueDate('2026-12-31')).toBe('2027-01-31');
    expect(quarterDueDate('2027-12-31')).toBe('2028-01-31');
  });

  it('lists the two previous quarters and the current one, across a year boundary', () => {
    const d = complianceDeadlines({ current: '2027-02-10', today: '2027-02-10', since: '2020-01-01', reports: [] });
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
    const d = complianceDeadlines({ since: null, current: '2026-10-01', today: '2026-10-15', reports });
    expect(d.map((x) => [x.period, x.status, x.report?.id ?? null])).toEqual([
      ['2026-Q2', 'Overdue', 8], // the generated report is named: ready to be marked filed
      ['2026-Q3', 'Filed', 7],
      ['2026-Q4', 'Upcoming', null], // still running: nothing is due yet
    ]);

    // Archived after filing stays Filed; a filing undone (status generated, filedAt cleared) is not.
    const archived = [report({ id: 7, status: 'archived', filedAt: '2026-10-20T09:00:00.000Z' })];
    expect(complianceDeadlines({ since: null, current: '2026-10-01', today: '2026-11-15', reports: archived })[1]!.status).toBe('Filed');
    const undone = [report({ id: 7, status: 'generated', filedAt: null })];
    expect(complianceDeadlines({ since: null, current: '2026-10-01', today: '2026-11-15', reports: undone })[1]!.status).toBe('Overdue');

    // The current quarter's return can be filed early.
    const early = [report({ id: 11, startDate: '2026-10-01', endDate: '2026-12-31', status: 'filed', filedAt: '2026-12-31T12:00:00Z' })];
    expect(complianceDeadlines({ since: null, current: '2026-10-01', today: '2026-12-31', reports: early })[2]!.status).toBe('Filed');

    // The last day of a quarter it is still Upcoming; ended, Pending until its due date, then Overdue.
    expect(complianceDeadlines({ since: null, current: '2026-07-01', today: '2026-09-30', reports: [] })[2]!.status).toBe('Upcoming');
    expect(complianceDeadlines({ since: null, current: '2026-10-01', today: '2026-10-01', reports: [] })[1]!.status).toBe('Pending');
    // Before Q3's due date without a report: still Pending; after it: Overdue.
    expect(complianceDeadlines({ since: null, current: '2026-10-01', today: '2026-10-31', reports: [] })[1]!.status).toBe('Pending');
    expect(complianceDeadlines({ since: null, current: '2026-10-01', today: '2026-11-01', reports: [] })[1]!.status).toBe('Overdue');
  });

  it('an organization created today owes nothing: only the running quarter, Upcoming', () => {
    const d = complianceDeadlines({ current: '2026-10-01', today: '2026-11-26', since: '2026-11-26', reports: [] });
    expect(d.map((x) => [x.period, x.status])).toEqual([['2026-Q4', 'Upcoming']]);
    expect(d.some((x) => x.status === 'Overdue' || x.status === 'Pending')).toBe(false);
  });

  it('an organization created last year: the quarters since then that ended are due', () => {
    // Created in 2026-Q2 (May): Q3 is Overdue past Oct 31, Q4 is running; nothing before Q2.
    const d = complianceDeadlines({ current: '2026-10-01', today: '2026-11-26', since: '2026-05-14', reports: [] });
    expect(d.map((x) => [x.period, x.status])).toEqual([
      ['2026-Q2', 'Overdue'],
      ['2026-Q3', 'Overdue'],
      ['2026-Q4', 'Upcoming'],
    ]);
    // Created in 2025-Q4, seen in 2027-Q1: the two previous quarters and the current one, a year boundary between.
    const later = complianceDeadlines({ current: '2027-01-01', today: '2027-01-20', since: '2025-12-01', reports: [] });
    expect(later.map((x) => [x.period, x.status])).toEqual([
      ['2026-Q3', 'Overdue'],
      ['2026-Q4', 'Pending'], // ended Dec 31, due Jan 31
      ['2027-Q1', 'Upcoming'],
    ]);
    // Created in the previous quarter: that quarter and the current one only.
    const young = complianceDeadlines({ current: '2026-10-01', today: '2026-10-10', since: '2026-08-20', reports: [] });
    expect(young.map((x) => [x.period, x.status])).toEqual([
      ['2026-Q3', 'Pending'],
      ['2026-Q4', 'Upcoming'],
    ]);
  });
});
