import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Forbidden, planLimits, type Identity, type PlanLimits, type ServiceContext } from '@billpoint/kit';
import { InvoiceEvents, type Invoice } from '@billpoint/proto';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { InvoiceCreations, type NewInvoice } from '../src/modules/invoice/invoice.create.ts';
import { figures } from '../src/modules/invoice/invoice.figures.ts';
import { inDays, invoiceBody, makeCustomer, makeInvoice } from './support/factories.ts';

/**
 * The group commit of invoice creations (InvoiceCreations), driven directly: creations submitted in the same tick
 * while a transaction of the tenant runs go together into the next one, so what is batched is known, not timed.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

/** The service's own plan limits (the trial: no invoice limit). */
const creations = () => new InvoiceCreations(stack.billing.ctx as ServiceContext, planLimits(stack.billing.ctx as ServiceContext));
/** A plan allowing `max` invoices a month, checked as the kit's check does (count inside the transaction). */
const capped = (max: number): PlanLimits => ({
  start: () => Promise.reject(new Error('not a consumer')),
  grant: () => Promise.resolve(null),
  check: () =>
    Promise.resolve(async (em, count) => {
      if ((await count(em, max)) >= max) throw new Forbidden(`Your plan allows ${max} invoices per month`);
    }),
});

/** A signed-up tenant with a customer billing knows (its first draft, DRAFT-0001, made through the gateway). */
async function tenant() {
  const c = stack.client();
  const me = await c.register();
  const cust = await makeCustomer(c);
  await makeInvoice(c, cust.id);
  const identity: Identity = {
    tenantId: me.organization.id,
    userId: me.id,
    role: 'admin',
    scopes: [],
    ip: '203.0.113.7',
    userAgent: 'test',
  };
  return { c, identity, customerId: cust.id };
}

function newInvoice(identity: Identity, customerId: number, o: Partial<NewInvoice> = {}): NewInvoice {
  const lines = [
    { description: 'Design work', quantity: '3', rate: '33.33' },
    { description: 'Hosting', quantity: '1', rate: '20.00', taxRate: '10.00' },
    { description: 'Support hours', quantity: '2.5', rate: '80.00' },
  ];
  const money = {
    taxRate: '0.00',
    discountAmount: '0.00',
    shippingAmount: '0.00',
    exchangeRate: '1.000000',
    currency: 'USD',
    rounding: 'per_rate' as const,
  };
  return {
    identity,
    customerId,
    issueDate: inDays(0),
    dueDate: inDays(30),
    currency: 'USD',
    exchangeRate: money.exchangeRate,
    taxRate: money.taxRate,
    notes: null,
    terms: null,
    paymentInstructions: null,
    templateId: null,
    publicToken: randomBytes(32).toString('base64url'),
    figures: figures(lines, money, 'invoice.'),
    ...o,
  };
}

/** Submits all in one tick: the first starts a transaction, the others wait for it and go together in the next. */
const settleAll = (creations: InvoiceCreations, items: NewInvoice[]) => Promise.allSettled(items.map((it) => creations.create(it)));

async function stored(tenantId: string) {
  const { rows } = await stack.db.query<{ invoice_number: string; tx: string; items: number; events: number }>(
    `select i.invoice_number, i.xmin::text as tx,
       (select count(*)::int from billing.invoice_items t where t.invoice_id = i.id) as items,
       (select count(*)::int from billing.outbox o where o.subject = $2 and o.payload -> 'data' ->> 'id' = i.id::text) as events
     from billing.invoices i where i.tenant_id = $1 order by i.invoice_number`,
    [tenantId, InvoiceEvents.Created],
  );
  return rows;
}
/** The tenant's draft counter; drafts never touch the legal sequence (no counter row of it exists). */
const counter = async (tenantId: string) => {
  const legal = await stack.db.query(`select next_seq from billing.number_sequences where tenant_id = $1`, [tenantId]);
  expect(legal.rows).toEqual([]);
  const { rows } = await stack.db.query(`select next_seq from billing.document_sequences where tenant_id = $1 and kind = 'invoice_draft'`, [
    tenantId,
  ]);
  return Number(rows[0]!.next_seq);
};
const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `DRAFT-${String(from + i).padStart(4, '0')}`);

describe('invoice creations of one tenant, committed together', () => {
  it('creations waiting for a running transaction share the next one: consecutive draft references, lines, one event each', async () => {
    const { identity, customerId } = await tenant();
    const results = await settleAll(
      creations(),
      Array.from({ length: 30 }, () => newInvoice(identity, customerId)),
    );
    const created = results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason)) as Invoice[];
    expect(created.map((i) => i.invoiceNumber)).toEqual(numbers(2, 31)); // in arrival order
    const f = newInvoice(identity, customerId).figures;
    expect(
      created.every((i) => i.items?.length === 3 && i.subtotal === f.subtotal && i.taxAmount === f.taxAmount && i.total === f.total),
    ).toBe(true);
    expect(f.total).toBe('321.99');

    const rows = await stored(identity.tenantId);
    expect(rows.map((r) => r.invoice_number)).toEqual(numbers(1, 31));
    expect(rows.slice(1).every((r) => r.items === 3 && r.events === 1)).toBe(true);
    // The first went alone (nobody waited yet); the 29 that waited for it committed in one transaction.
    expect(new Set(rows.slice(1).map((r) => r.tx)).size).toBe(2);
    expect(await counter(identity.tenantId)).toBe(32);
    // Each event carries its own request's origin, as if it had had its own transaction.
    const { rows: meta } = await stack.db.query(
      `select distinct payload ->> 'actorId' as actor, payload -> 'metadata' ->> 'ip' as ip from billing.outbox
        where tenant_id = $1 and subject = $2 and payload -> 'data' ->> 'invoiceNumber' <> 'DRAFT-0001'`,
      [identity.tenantId, InvoiceEvents.Created],
    );
    expect(meta).toEqual([{ actor: identity.userId, ip: '203.0.113.7' }]);
  }, 120_000);

  it('failures in the middle of a batch: the others are created, the failed ones use no reference (gap-free, unique)', async () => {
    const { identity, customerId } = await tenant();
    await stack.db.query(`create function billing.test_batch_boom() returns trigger language plpgsql as $$
      begin if new.notes = 'boom' then raise exception 'boom'; end if; return new; end $$`);
    await stack.db.query(
      `create trigger test_batch_boom before insert on billing.invoices for each row execute function billing.test_batch_boom()`,
    );
    let results: PromiseSettledResult<Invoice | null>[];
    try {
      results = await settleAll(creations(), [
        ...Array.from({ length: 40 }, (_, i) =>
          newInvoice(identity, customerId, {
            // A trigger's refusal inside the INSERT (after references were claimed), a template that does not exist,
            // a customer billing does not know.
            ...(i === 10 || i === 25 ? { notes: 'boom' } : {}),
            ...(i === 15 ? { templateId: 999_999_999 } : {}),
            ...(i === 30 ? { customerId: 999_999_999 } : {}),
          }),
        ),
      ]);
    } finally {
      await stack.db.query(`drop trigger test_batch_boom on billing.invoices; drop function billing.test_batch_boom()`);
    }
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [[i, (r.reason as Error).message]] : []));
    expect(failed).toEqual([
      [10, expect.stringContaining('boom')],
      [15, 'Template not found'],
      [25, expect.stringContaining('boom')],
    ]);
    expect(results[30]).toEqual({ status: 'fulfilled', value: null }); // unknown customer: nothing written
    const created = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value.invoiceNumber] : []));
    expect(created).toHaveLength(36);
    expect(created.sort()).toEqual(numbers(2, 37));

    const rows = await stored(identity.tenantId);
    expect(rows.map((r) => r.invoice_number)).toEqual(numbers(1, 37));
    expect(rows.slice(1).every((r) => r.items === 3 && r.events === 1)).toBe(true);
    expect(await counter(identity.tenantId)).toBe(38);
    // Nothing of the failed ones is anywhere: no line, no event beyond the stored invoices'.
    const { rows: orphans } = await stack.db.query(
      `select (select count(*)::int from billing.invoice_items where tenant_id = $1) as items,
              (select count(*)::int from billing.outbox where tenant_id = $1 and subject = $2) as events`,
      [identity.tenantId, InvoiceEvents.Created],
    );
    expect(orphans[0]).toEqual({ items: 1 + 36 * 3, events: 37 });
  }, 120_000);

  it('the plan limit counts the creations accepted before it in the same transaction', async () => {
    const { identity, customerId } = await tenant();
    const limited = new InvoiceCreations(stack.billing.ctx as ServiceContext, capped(5));
    const results = await settleAll(
      limited,
      Array.from({ length: 10 }, () => newInvoice(identity, customerId)),
    );
    // DRAFT-0001 exists; the first goes alone (DRAFT-0002), then 3 of the 9 that waited fit under 5 this month.
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value!.invoiceNumber : (r.reason as Error).message))).toEqual([
      ...numbers(2, 5),
      ...Array(6).fill('Your plan allows 5 invoices per month'),
    ]);
    expect((await stored(identity.tenantId)).map((r) => r.invoice_number)).toEqual(numbers(1, 5));
    expect(await counter(identity.tenantId)).toBe(6);
  }, 120_000);

  it('through the gateway: 120 concurrent creations with failures among them, draft references gap-free and unique', async () => {
    const { c, identity, customerId } = await tenant();
    await stack.db.query(`create function billing.test_http_boom() returns trigger language plpgsql as $$
      begin if new.notes = 'boom' then raise exception 'boom'; end if; return new; end $$`);
    await stack.db.query(
      `create trigger test_http_boom before insert on billing.invoices for each row execute function billing.test_http_boom()`,
    );
    let results: { status: number; json: unknown }[];
    try {
      results = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          c.post(
            '/api/invoices',
            invoiceBody(customerId, {
              invoice: {
                ...(i % 20 === 7 ? { notes: 'boom' } : {}),
                ...(i === 50 ? { invoiceNumber: 'INV-0007' } : {}),
                ...(i === 60 ? { templateId: 999_999_999 } : {}),
              },
            }),
          ),
        ),
      );
    } finally {
      await stack.db.query(`drop trigger test_http_boom on billing.invoices; drop function billing.test_http_boom()`);
    }
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 500)).toHaveLength(6);
    // A typed number must be the next of the legal sequence: nothing is issued yet, so that is INV-0001.
    expect(statuses[50]).toBe(400);
    expect(results[50]!.json).toMatchObject({
      message: 'Invoice number must be INV-0001, the next in the sequence',
      issues: [{ path: 'invoice.invoiceNumber' }],
    });
    expect(statuses[60]).toBe(400);
    expect((results[60]!.json as { field?: string; path?: string; message: string }).message).toBe('Template not found');
    const created = results.filter((r) => r.status === 201).map((r) => (r.json as Invoice).invoiceNumber);
    expect(created).toHaveLength(112);
    expect(created.sort()).toEqual(numbers(2, 113));
    const rows = await stored(identity.tenantId);
    expect(rows.map((r) => r.invoice_number)).toEqual(numbers(1, 113));
    expect(rows.every((r) => r.items === 1 && r.events === 1)).toBe(true);
    expect(await counter(identity.tenantId)).toBe(114);
  }, 120_000);
});
