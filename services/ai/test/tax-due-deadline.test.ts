/**
 * The tax-due insight and the tax compliance tab date a VAT return alike: both by the one rule (vatDueDate) for the
 * seller's country, the filing frequency and Germany's extension. First on fixed days (the German 10th), then through
 * the stack: settings saved in the gateway reach the AI service, whose insight names the tab's date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone, InsightList, InvoiceEvents } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { taxDue, type VatFiling } from '../src/modules/insights/rules/cash-flow.ts';
import { formatsFor } from '../src/modules/insights/format.ts';
import type { Query } from '../src/modules/insights/rules/common.ts';
import { complianceDeadlines } from '../../../web/src/features/tax/lib/compliance.ts';
import { publishEvent } from './support/events.ts';
import { invoice } from './support/facts.ts';

/** One currency's tax so far, as the rule's statement answers it. */
const oneRow = Object.assign(
  async () => [{ currency: 'EUR', tax: '190.00', parts: [{ currency: 'EUR', own: '190.00', inBase: '190.00' }] }],
  {
    invoices: 'invoice_facts',
  },
) as unknown as Query;

/** The current period's due date as the compliance tab shows it. */
const tabDue = (today: string, vat: VatFiling) => complianceDeadlines({ today, since: null, reports: [], vat }).at(-1)!.dueDate;

const de = formatsFor('de');

describe('the tax-due insight and the compliance tab agree', () => {
  it('a German monthly filer: November is due on 10 December in both', async () => {
    const vat: VatFiling = { country: 'DE', frequency: 'monthly', extension: false };
    const [t] = await taxDue(oneRow, '2026-11-20', de, vat);
    expect(tabDue('2026-11-20', vat)).toBe('2026-12-10');
    expect(t!.timeframe).toBe(`Due ${de.date('2026-12-10')}`);
    expect(t!.timeframe).toBe('Due 10.12.2026');
    expect(t!.description).toContain('Tax on this month’s invoices so far');
    expect(t!.description).toContain('due by 10.12.2026 (20 days)');
  });

  it('with the extension, quarterly, and in other countries', async () => {
    const cases: [VatFiling, string, string][] = [
      [{ country: 'DE', frequency: 'monthly', extension: true }, '2026-11-20', '2027-01-11'], // 10 Jan 2027: a Sunday
      [{ country: 'DE', frequency: 'quarterly', extension: false }, '2027-02-03', '2027-04-12'], // 10 Apr 2027: a Saturday
      [{ country: 'AT', frequency: 'monthly', extension: false }, '2026-11-20', '2027-01-15'],
      [{ country: 'FR', frequency: 'monthly', extension: false }, '2026-11-20', '2026-12-19'],
      [{ country: null, frequency: 'quarterly', extension: false }, '2026-11-20', '2027-01-31'],
    ];
    for (const [vat, today, due] of cases) {
      const [t] = await taxDue(oneRow, today, de, vat);
      expect(tabDue(today, vat), JSON.stringify(vat)).toBe(due);
      expect(t!.timeframe, JSON.stringify(vat)).toBe(`Due ${de.date(due)}`);
    }
  });
});

describe('through the stack', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.close());

  it("the insight of a German organization names the compliance tab's date for the running month", async () => {
    const client = stack.client();
    const { organization } = await client.register({ organizationName: 'Muster GmbH', timezone: 'Europe/Berlin' });
    const saved = await client.post('/api/organization-settings', {
      companyName: 'Muster GmbH',
      defaultLanguage: 'de',
      defaultCurrency: 'EUR',
      timezone: 'Europe/Berlin',
      billingAddress: { country: 'DE' },
    });
    expect(saved.status, saved.text).toBe(200);
    await waitFor(async () => {
      const { rows } = await stack.db.query(
        `select 1 from ai.organization_facts where tenant_id = $1 and country = 'DE' and timezone = 'Europe/Berlin' and language = 'de'`,
        [organization.id],
      );
      return rows.length === 1;
    });
    const today = dayInTimeZone(new Date(), 'Europe/Berlin');
    await publishEvent(
      stack.bus,
      InvoiceEvents.Created,
      organization.id,
      invoice({ customerId: 1, total: '119.00', taxAmount: '19.00', currency: 'EUR', issueDate: today }),
    );
    await waitFor(async () => {
      const { rows } = await stack.db.query(`select 1 from ai.invoice_facts where tenant_id = $1`, [organization.id]);
      return rows.length === 1;
    });
    const res = await client.post('/api/ai/insights/refresh', {});
    expect(res.status, res.text).toBe(200);
    const [t] = InsightList.parse(res.json).insights.filter((i) => i.rule === 'tax_due');
    const due = tabDue(today, { country: 'DE', frequency: 'monthly', extension: false });
    // The 10th of next month, or the Monday after it when the 10th is a weekend.
    expect(Number(due.slice(8))).toBeGreaterThanOrEqual(10);
    expect(Number(due.slice(8))).toBeLessThanOrEqual(12);
    expect(t!.timeframe).toBe(`Due ${de.date(due)}`);
  });
});
