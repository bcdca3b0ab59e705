import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceEvents, type Invoice, type NextNumber } from '@billpoint/proto';
import type { HttpClient } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { invoiceBody, makeCustomer, makeInvoice } from './support/factories.ts';

/** Legal numbers are given when an invoice is issued; drafts hold draft references and can go without leaving a gap. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const nextNumber = async (c: HttpClient) => ((await c.get('/api/invoices/next-number')).json as NextNumber).invoiceNumber;
const inv = (n: number) => `INV-${String(n).padStart(4, '0')}`;
const get = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;
const issue = async (c: HttpClient, d: Invoice, status: Invoice['status'] = 'sent') => {
  const r = await c.put(`/api/invoices/${d.id}`, { customerId: d.customerId, status, items: [{ description: 'A', quantity: 1, rate: 5 }] });
  expect(r.status, r.text).toBe(200);
  return r.json as Invoice;
};
async function tenant() {
  const c = stack.client();
  const me = await c.register();
  const customer = await makeCustomer(c);
  return { c, tenantId: me.organization.id, customer };
}

describe('invoice numbers given at issue', () => {
  it('drafts take no number; each path out of draft takes the next one, in the order they are issued; per tenant', async () => {
    const { c, tenantId, customer } = await tenant();
    const drafts = [await makeInvoice(c, customer.id), await makeInvoice(c, customer.id), await makeInvoice(c, customer.id)];
    expect(drafts.map((d) => [d.invoiceNumber, d.status])).toEqual([
      ['DRAFT-0001', 'draft'],
      ['DRAFT-0002', 'draft'],
      ['DRAFT-0003', 'draft'],
    ]);
    expect(await nextNumber(c)).toBe(inv(1)); // creating consumed nothing
    const counter = await stack.db.query(`select 1 from billing.number_sequences where tenant_id = $1`, [tenantId]);
    expect(counter.rowCount).toBe(0);

    const sent = (await c.post(`/api/invoices/${drafts[2]!.id}/send`)).json as Invoice;
    expect([sent.invoiceNumber, sent.status]).toEqual([inv(1), 'sent']);
    expect((await issue(c, drafts[0]!, 'paid')).invoiceNumber).toBe(inv(2)); // the edit form's Paid
    // Any other path too (a payment's standing, a schedule's delivery…): the database gives the number on the move.
    await stack.db.query(`update billing.invoices set status = 'overdue' where id = $1`, [drafts[1]!.id]);
    expect((await get(c, drafts[1]!.id)).invoiceNumber).toBe(inv(3));
    expect(await nextNumber(c)).toBe(inv(4));
    // Kept afterwards: re-sending, paying, voiding never renumber.
    expect(((await c.post(`/api/invoices/${sent.id}/send`)).json as Invoice).invoiceNumber).toBe(inv(1));
    expect((await issue(c, sent, 'paid')).invoiceNumber).toBe(inv(1));

    // The sent event carries the legal number.
    const { rows } = await stack.db.query(
      `select payload -> 'data' ->> 'invoiceNumber' as n from billing.outbox where tenant_id = $1 and subject = $2`,
      [tenantId, InvoiceEvents.Sent],
    );
    expect(rows.map((r) => r.n)).toEqual([inv(1), inv(1)]);

    const other = await tenant();
    expect((await issue(other.c, await makeInvoice(other.c, other.customer.id))).invoiceNumber).toBe(inv(1));
  });

  it('a deleted draft leaves no gap: the next issued invoice takes the next number', async () => {
    const { c, customer } = await tenant();
    const first = await makeInvoice(c, customer.id);
    const second = await makeInvoice(c, customer.id);
    expect((await c.delete(`/api/invoices/${first.id}`)).status).toBe(204);
    expect((await c.get(`/api/invoices/${first.id}`)).status).toBe(404);
    expect((await issue(c, second)).invoiceNumber).toBe(inv(1));
    const third = await makeInvoice(c, customer.id);
    expect((await c.delete(`/api/invoices/${third.id}`)).status).toBe(204);
    expect((await issue(c, await makeInvoice(c, customer.id))).invoiceNumber).toBe(inv(2));
  });

  it('an issued invoice is never deleted nor turned back into a draft; voiding keeps its number and says so to the ledger', async () => {
    const { c, tenantId, customer } = await tenant();
    const sent = (await c.post(`/api/invoices/${(await makeInvoice(c, customer.id)).id}/send`)).json as Invoice;
    for (const path of [`/api/invoices/${sent.id}`, `/api/invoices/${sent.id}?draftOnly=true`]) {
      const refused = await c.delete(path);
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        code: 'resource_state_invalid',
        message: 'An issued invoice cannot be deleted; cancel it or issue a credit note instead',
      });
    }
    expect(await get(c, sent.id)).toMatchObject({ invoiceNumber: inv(1), status: 'sent' });

    const back = await c.put(`/api/invoices/${sent.id}`, {
      customerId: customer.id,
      status: 'draft',
      items: [{ description: 'A', quantity: 1, rate: 5 }],
    });
    expect(back.status).toBe(400);
    expect(back.json.issues).toEqual([
      { path: 'status', message: 'An issued invoice cannot go back to draft; cancel it or issue a credit note instead' },
    ]);
    expect((await get(c, sent.id)).status).toBe('sent');

    const voided = await c.post(`/api/invoices/${sent.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json).toMatchObject({ invoiceNumber: inv(1), status: 'cancelled' });
    const { rows } = await stack.db.query(
      `select payload -> 'data' as data from billing.outbox
        where tenant_id = $1 and subject = $2 and payload -> 'data' ->> 'status' = 'cancelled'`,
      [tenantId, InvoiceEvents.Updated],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ id: sent.id, invoiceNumber: inv(1), status: 'cancelled', total: sent.total });
    expect(rows[0]!.data.taxLines).toBeDefined(); // what the ledger reverses the sale from
    expect((await c.delete(`/api/invoices/${sent.id}`)).status).toBe(409);
    expect(await nextNumber(c)).toBe(inv(2));
  });

  it('a typed number must be the next of the sequence; one used, deleted or ahead is a 400 naming the next', async () => {
    const { c, customer } = await tenant();
    const post = (invoiceNumber: string) => c.post('/api/invoices', invoiceBody(customer.id, { invoice: { invoiceNumber } }));
    const ahead = await post('INV-9999');
    expect(ahead.status).toBe(400);
    expect(ahead.json).toMatchObject({
      message: 'Invoice number must be INV-0001, the next in the sequence',
      issues: [{ path: 'invoice.invoiceNumber', message: 'Invoice number must be INV-0001, the next in the sequence' }],
    });
    const typed = await post(inv(1));
    expect(typed.status).toBe(201);
    expect((await issue(c, typed.json as Invoice)).invoiceNumber).toBe(inv(1));
    const used = await post(inv(1));
    expect([used.status, used.json.message]).toEqual([400, 'Invoice number must be INV-0002, the next in the sequence']);
    // A draft's reference, once the draft is deleted, is not a number either.
    const draft = await makeInvoice(c, customer.id);
    expect((await c.delete(`/api/invoices/${draft.id}`)).status).toBe(204);
    expect((await post(draft.invoiceNumber)).status).toBe(400);
    expect(await nextNumber(c)).toBe(inv(2));
  });

  it('an issue that rolls back uses no number (gap-free)', async () => {
    const { c, customer } = await tenant();
    const doomed = await makeInvoice(c, customer.id, { invoice: { notes: 'boom' } });
    await stack.db.query(`create function billing.test_issue_boom() returns trigger language plpgsql as $$
      begin if new.status <> 'draft' and new.notes = 'boom' then raise exception 'boom'; end if; return new; end $$`);
    await stack.db.query(
      `create trigger test_issue_boom before update on billing.invoices for each row execute function billing.test_issue_boom()`,
    );
    try {
      const failed = await c.put(`/api/invoices/${doomed.id}`, {
        customerId: customer.id,
        status: 'sent',
        notes: 'boom',
        items: [{ description: 'A', quantity: 1, rate: 5 }],
      });
      expect(failed.status).toBe(500);
    } finally {
      await stack.db.query(`drop trigger test_issue_boom on billing.invoices; drop function billing.test_issue_boom()`);
    }
    expect(await get(c, doomed.id)).toMatchObject({ invoiceNumber: doomed.invoiceNumber, status: 'draft' });
    expect(await nextNumber(c)).toBe(inv(1));
    expect((await issue(c, await makeInvoice(c, customer.id))).invoiceNumber).toBe(inv(1));
  });

  it('a draft that already held a legal number (made before numbering at issue) keeps it; it is cancelled, not deleted', async () => {
    const { c, tenantId, customer } = await tenant();
    const [a, b] = [await makeInvoice(c, customer.id), await makeInvoice(c, customer.id)];
    // What migration 0027 leaves of such drafts: their number, marked legal, and the counter past it.
    await stack.db.query(
      `update billing.invoices set invoice_number = case when id = $2 then 'INV-0001' else 'INV-0002' end, legal_number = true
        where tenant_id = $1 and id in ($2, $3)`,
      [tenantId, a.id, b.id],
    );
    await stack.db.query(`insert into billing.number_sequences (tenant_id, prefix, next_seq) values ($1, 'INV', 3)`, [tenantId]);
    const refused = await c.delete(`/api/invoices/${a.id}`);
    expect([refused.status, refused.json.message]).toEqual([
      409,
      'Draft INV-0001 already holds a legal invoice number, so deleting it would leave a gap; cancel it instead',
    ]);
    expect((await c.post(`/api/invoices/${a.id}/void`)).json as Invoice).toMatchObject({ invoiceNumber: inv(1), status: 'cancelled' });
    expect((await issue(c, await get(c, b.id))).invoiceNumber).toBe(inv(2));
    expect((await issue(c, await makeInvoice(c, customer.id))).invoiceNumber).toBe(inv(3));
  });

  it('60 concurrent issues (sends and edit-form moves mixed) get 60 consecutive numbers, no gap, no duplicate', async () => {
    const { c, customer } = await tenant();
    const drafts = await Promise.all(Array.from({ length: 60 }, () => makeInvoice(c, customer.id)));
    const issued = await Promise.all(
      drafts.map(async (d, i) => {
        const r =
          i % 2 === 0
            ? await c.post(`/api/invoices/${d.id}/send`)
            : await c.put(`/api/invoices/${d.id}`, {
                customerId: customer.id,
                status: 'paid',
                items: [{ description: 'A', quantity: 1, rate: 5 }],
              });
        expect(r.status, r.text).toBe(200);
        return (r.json as Invoice).invoiceNumber;
      }),
    );
    expect([...issued].sort()).toEqual(Array.from({ length: 60 }, (_, i) => inv(i + 1)));
    expect(await nextNumber(c)).toBe(inv(61));
  }, 120_000);
});
