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
    const d = complianceDeadlines({ current: '2027-02-10', today: '2027-02-10', reports: [] });
    expect(d.map((x) => [x.period, x.startDate, x.endDate, x.dueDate])).toEqual([
      ['2026-Q3', '2026-07-01', '2026-09-30', '2026-10-31'],
      ['2026-Q4', '2026-10-01', '2026-12-31', '2027-01-31'],
      ['2027-Q1', '2027-01-01', '2027-03-31', '2027-04-30'],
    ]);
  });

  it('a past quarter is Filed when a tax report covers it, Overdue past its due date, else Pending; the current one Pending', () => {
    const reports = [
      report({ id: 7, startDate: '2026-07-01', endDate: '2026-09-30' }),
      // A draft and a profit & loss do not file a return.
      report({ id: 8, startDate: '2026-04-01', endDate: '2026-06-30', status: 'draft' }),
      report({ id: 9, type: 'profit_loss', startDate: '2026-04-01', endDate: '2026-06-30' }),
    ];
    const d = complianceDeadlines({ current: '2026-10-01', today: '2026-10-15', reports });
    expect(d.map((x) => [x.period, x.status])).toEqual([
      ['2026-Q2', 'Overdue'],
      ['2026-Q3', 'Filed'],
      ['2026-Q4', 'Pending'],
    ]);
    expect(d[1]!.report?.id).toBe(7);

    // Before Q3's due date without a report: still Pending; after it: Overdue.
    expect(complianceDeadlines({ current: '2026-10-01', today: '2026-10-31', reports: [] })[1]!.status).toBe('Pending');
    expect(complianceDeadlines({ current: '2026-10-01', today: '2026-11-01', reports: [] })[1]!.status).toBe('Overdue');
  });
});
