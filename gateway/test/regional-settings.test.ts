import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationSettings, TaxSummary } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from './support/stack.ts';
import { makeCustomer, makeInvoice } from '../../services/billing/test/support/factories.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const issuesOf = (json: { issues?: { path: string; message: string }[] }) =>
  Object.fromEntries((json.issues ?? []).map((i) => [i.path, i.message]));
const settingsOf = async (c: ReturnType<Stack['client']>) => (await c.get('/api/organization-settings')).json as OrganizationSettings;

describe('regional settings: time zone and VAT filing', () => {
  it('takes any IANA zone (aliases under their canonical name) and refuses an unknown one naming timezone', async () => {
    const c = stack.client();
    await c.register();
    const berlin = await c.post('/api/organization-settings', { companyName: 'Muster GmbH', timezone: 'Europe/Berlin' });
    expect(berlin.status, berlin.text).toBe(200);
    expect((berlin.json as OrganizationSettings).timezone).toBe('Europe/Berlin');

    const mars = await c.post('/api/organization-settings', { companyName: 'Mars GmbH', timezone: 'Mars/Olympus' });
    expect(mars.status).toBe(400);
    expect(issuesOf(mars.json)).toEqual({ timezone: 'Time zone must be an IANA time zone such as Europe/Berlin' });
    expect(await settingsOf(c)).toMatchObject({ companyName: 'Muster GmbH', timezone: 'Europe/Berlin' }); // nothing written

    const calcutta = await c.post('/api/organization-settings', { companyName: 'Muster GmbH', timezone: 'Asia/Calcutta' });
    expect((calcutta.json as OrganizationSettings).timezone).toBe('Asia/Kolkata');
  });

  it('VAT filing: monthly without extension at first; saved, kept when a save leaves them out, a bad value names its field', async () => {
    const c = stack.client();
    const { organization } = await c.register();
    expect(await settingsOf(c)).toMatchObject({ vatFilingFrequency: 'monthly', vatDeadlineExtension: false });
    const saved = await c.post('/api/organization-settings', {
      companyName: 'Muster GmbH',
      vatFilingFrequency: 'quarterly',
      vatDeadlineExtension: true,
      billingAddress: { country: 'DE' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ vatFilingFrequency: 'quarterly', vatDeadlineExtension: true });
    await c.post('/api/organization-settings', { companyName: 'Muster GmbH', billingAddress: { country: 'DE' } });
    expect(await settingsOf(c)).toMatchObject({ vatFilingFrequency: 'quarterly', vatDeadlineExtension: true });

    const bad = await c.post('/api/organization-settings', { companyName: 'X', vatFilingFrequency: 'weekly', vatDeadlineExtension: 'yes' });
    expect(bad.status).toBe(400);
    expect(issuesOf(bad.json)).toEqual({
      vatFilingFrequency: 'VAT filing frequency must be one of monthly, quarterly, annual',
      vatDeadlineExtension: 'VAT deadline extension must be true or false',
    });
    // The AI service keeps them (with the seller's country) for its tax-due insight.
    await waitFor(async () => {
      const { rows } = await stack.db.query(
        `select 1 from ai.organization_facts where tenant_id = $1 and country = 'DE' and vat_filing_frequency = 'quarterly'
            and vat_deadline_extension`,
        [organization.id],
      );
      return rows.length === 1;
    });
  });

  it("sign-up with the browser's zone starts the organization in it, everywhere", async () => {
    const c = stack.client();
    const { organization } = await c.register({ organizationName: 'Berlin GmbH', timezone: 'Europe/Berlin' });
    expect(await settingsOf(c)).toMatchObject({ organizationName: 'Berlin GmbH', companyName: 'Berlin GmbH', timezone: 'Europe/Berlin' });
    // The services hear it as after a save: "today" in billing, tax and the AI is Berlin's.
    for (const table of ['billing.organizations', 'tax.ledger_organizations', 'ai.organization_facts'])
      await waitFor(async () => {
        const { rows } = await stack.db.query<{ timezone: string }>(`select timezone from ${table} where tenant_id = $1`, [
          organization.id,
        ]);
        return rows[0]?.timezone === 'Europe/Berlin';
      });
  });

  it('an organization started in a zone books as any other: a sent invoice reaches the tax summary', async () => {
    const c = stack.client();
    await c.register({ organizationName: 'Zoned GmbH', timezone: 'Europe/Berlin' });
    const customer = await makeCustomer(c);
    const today = new Date().toISOString().slice(0, 10);
    const sent = await makeInvoice(c, customer.id, {
      invoice: { issueDate: today, dueDate: '2099-12-31', taxRate: '10' },
      items: [{ description: 'Work', quantity: '1', rate: '100.00' }],
      status: 'sent',
    });
    expect(sent.total).toBe('110.00');
    await waitFor(async () => ((await c.get('/api/tax-summary')).json as TaxSummary).totalCollected === '10.00');
  });

  it('sign-up: an alias is stored canonical; a zone the server does not know is left out (UTC); a non-text is a 400 naming timezone', async () => {
    const kolkata = stack.client();
    await kolkata.register({ timezone: 'Asia/Calcutta' });
    expect((await settingsOf(kolkata)).timezone).toBe('Asia/Kolkata');

    const mars = stack.client();
    await mars.register({ timezone: 'Mars/Olympus' });
    expect((await settingsOf(mars)).timezone).toBe('UTC');

    const none = stack.client();
    await none.register();
    expect((await settingsOf(none)).timezone).toBe('UTC');

    const bad = await stack.client().post('/api/auth/register', {
      email: 'tz-number@example.test',
      password: 'correct horse battery',
      firstName: 'T',
      lastName: 'Z',
      organizationName: 'TZ',
      timezone: 42,
    });
    expect(bad.status).toBe(400);
    expect(issuesOf(bad.json)).toEqual({ timezone: 'Time zone must be text' });
  });
});
