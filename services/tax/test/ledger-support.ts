import { randomUUID } from 'node:crypto';
import { createBus, createInternalTokenSigner, startService, INTERNAL_TOKEN_HEADER, type Bus, type RunningService } from '@billpoint/kit';
import {
  createTestDatabase,
  deleteNatsNamespace,
  randomName,
  testEnv,
  waitFor,
  TEST_NATS_URL,
  TEST_TOKEN_KEY,
  type TestDatabase,
} from '@billpoint/kit/testing';
import type { ExpenseEventData, InvoiceEventData, PaymentEventData } from '@billpoint/proto';
import { taxService } from '../src/app.ts';

/** The tax service alone on a fresh database and a NATS namespace of its own; events are published as the others publish them. */
export interface LedgerStack {
  db: TestDatabase;
  bus: Bus;
  svc: RunningService;
  /** Publishes an event envelope (message id = envelope id, as the outbox relay does); resolves once the consumer `durable` committed it. */
  publish(subject: string, tenantId: string, data: unknown, o?: { id?: string; occurredAt?: string; durable?: string }): Promise<string>;
  /** An HTTP call to the service as the gateway makes it (internal token of the tenant). */
  call(
    tenantId: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: any; body: string; headers: Record<string, unknown>; raw: Buffer }>;
  close(): Promise<void>;
}

const CONSUMER_OF = (subject: string) =>
  subject.startsWith('evt.billing.invoice.')
    ? 'tax-ledger-invoices'
    : subject.startsWith('evt.payments.payment.')
      ? 'tax-ledger-payments'
      : subject.startsWith('evt.tax.expense.')
        ? 'tax-ledger-expenses'
        : subject === 'evt.gateway.organization.updated'
          ? 'tax-ledger-organization-settings'
          : 'tax-ledger-organizations';

export async function startLedgerStack(): Promise<LedgerStack> {
  const db = await createTestDatabase();
  const namespace = randomName('ledger');
  const bus = await createBus({ natsUrl: TEST_NATS_URL, name: 'ledger-test', namespace });
  const svc = await startService(taxService, {
    env: testEnv(db, { NATS_URL: TEST_NATS_URL, BUS_NAMESPACE: namespace }),
    bus,
    listen: false,
  });
  const sign = createInternalTokenSigner(TEST_TOKEN_KEY);
  return {
    db,
    bus,
    svc,
    async publish(subject, tenantId, data, o = {}) {
      const id = o.id ?? randomUUID();
      const envelope = { id, type: subject, occurredAt: o.occurredAt ?? new Date().toISOString(), tenantId, actorId: null, data };
      await bus.publish(subject, envelope, { msgId: `${id}-${randomUUID()}`, headers: { 'bp-tenant': tenantId } });
      const durable = o.durable ?? CONSUMER_OF(subject);
      await waitFor(
        async () =>
          (await db.query(`select 1 from tax.processed_messages where consumer = $1 and message_id = $2`, [durable, id])).rowCount,
      );
      return id;
    },
    async call(tenantId, method, url, body) {
      const res = await svc.app.inject({
        method,
        url,
        payload: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          [INTERNAL_TOKEN_HEADER]: sign({ tenantId, userId: 'u1', role: 'admin', scopes: [] }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      let json: unknown;
      try {
        json = JSON.parse(res.body);
      } catch {
        json = undefined;
      }
      return { status: res.statusCode, json, body: res.body, headers: res.headers, raw: res.rawPayload };
    },
    async close() {
      await svc.close();
      await bus.close();
      await db.drop();
      await deleteNatsNamespace(namespace);
    },
  };
}

let seq = 1;
/** An invoice event payload (sent, USD, 100.00 + 10.00 tax at one 10% VAT rate) with overrides; `updatedAt` is its version. */
export function invoice(o: Partial<InvoiceEventData> = {}): InvoiceEventData {
  const id = o.id ?? seq++;
  return {
    id,
    invoiceNumber: `INV-${String(id).padStart(4, '0')}`,
    customerId: 1,
    customer: null,
    status: 'sent',
    issueDate: '2026-11-10',
    dueDate: '2026-12-10',
    currency: 'USD',
    exchangeRate: '1.000000',
    subtotal: '100.00',
    taxRate: '10.00',
    taxAmount: '10.00',
    discountAmount: '0.00',
    shippingAmount: '0.00',
    total: '110.00',
    totalInBaseCurrency: '110.00',
    notes: null,
    terms: null,
    paymentInstructions: null,
    sentAt: null,
    viewedAt: null,
    paidAt: null,
    remindersSent: 0,
    lastReminderAt: null,
    recurringInvoiceId: null,
    quoteId: null,
    templateId: null,
    amountPaid: '0.00',
    balanceDue: o.total ?? '110.00',
    creditedAmount: '0.00',
    creditApplied: '0.00',
    metadata: {},
    createdAt: '2026-11-10T09:00:00.000Z',
    updatedAt: '2026-11-10T09:00:00.000Z',
    taxLines: [{ taxRateId: 7, name: 'VAT', type: 'vat', rate: '10.00', taxableAmount: '100.00', taxAmount: '10.00' }],
    ...o,
  };
}

export function payment(o: Partial<PaymentEventData> & { invoiceId: number }): PaymentEventData {
  return {
    id: seq++,
    amount: '110.00',
    currency: 'USD',
    exchangeRate: '1.000000',
    amountInBaseCurrency: '110.00',
    refundedAmount: '0.00',
    paymentDate: '2026-11-15',
    paymentMethod: 'bank_transfer',
    paymentProcessor: null,
    transactionId: null,
    reference: null,
    status: 'completed',
    fees: '0.00',
    notes: null,
    createdAt: '2026-11-15T10:00:00.000Z',
    invoiceNumber: `INV-${String(o.invoiceId).padStart(4, '0')}`,
    ...o,
  } as PaymentEventData;
}

export function expense(o: Partial<ExpenseEventData> = {}): ExpenseEventData {
  return {
    id: seq++,
    description: 'Laptop',
    amount: '120.00',
    currency: 'USD',
    date: '2026-11-12',
    vendor: 'Shop',
    categoryId: 3,
    category: { id: 3, name: 'Hardware', color: '#6366F1' },
    notes: null,
    receipt: null,
    receiptUrl: null,
    paymentMethod: 'credit_card',
    taxAmount: '20.00',
    isReimbursable: false,
    tags: [],
    suggestedCategoryId: null,
    categoryConfidence: null,
    manualCategoryOverride: false,
    trainingSource: 'user_input',
    duplicateChecksum: 'x',
    possibleDuplicate: false,
    createdAt: '2026-11-12T10:00:00.000Z',
    updatedAt: '2026-11-12T10:00:00.000Z',
    deleted: false,
    ...o,
  } as ExpenseEventData;
}

/** The tenant's balance per account code (debits − credits), read as the owner. */
export async function balances(db: TestDatabase, tenantId: string, currency = 'USD'): Promise<Record<string, string>> {
  const { rows } = await db.query<{ code: string; b: string }>(
    `select a.code, sum(l.debit_amount - l.credit_amount)::text as b from tax.journal_entry_lines l
       join tax.chart_of_accounts a on a.id = l.account_id where l.tenant_id = $1 and l.currency = $2 group by a.code order by a.code`,
    [tenantId, currency],
  );
  return Object.fromEntries(rows.filter((r) => Number(r.b) !== 0).map((r) => [r.code, r.b]));
}

/** Every entry of the tenant: number, date, source key, reversed flag, and its lines as `code Dr|Cr amount`. */
export async function entries(db: TestDatabase, tenantId: string) {
  const { rows } = await db.query<{ n: string; date: string; key: string; reversed: boolean; lines: string[] }>(
    `select e.entry_number::text as n, e.entry_date::text as date, e.source_key as key, e.is_reversed as reversed,
            array_agg(a.code || case when l.debit_amount > 0 then ' Dr ' || l.debit_amount else ' Cr ' || l.credit_amount end
                      order by l.line_number) as lines
       from tax.journal_entries e join tax.journal_entry_lines l on l.entry_id = e.id join tax.chart_of_accounts a on a.id = l.account_id
      where e.tenant_id = $1 group by e.id order by e.entry_number`,
    [tenantId],
  );
  return rows;
}

/** Entries whose debits differ from their credits (must be none) across the whole database. */
export async function unbalanced(db: TestDatabase) {
  const { rows } = await db.query(
    `select e.id from tax.journal_entries e join tax.journal_entry_lines l on l.entry_id = e.id
      group by e.id having sum(l.debit_amount) <> sum(l.credit_amount) or sum(l.debit_amount) <> min(e.total_debit)`,
  );
  return rows;
}

/** Groups whose day totals (tax.ledger_daily) differ from the sums of their lines (must be none). */
export async function dailyMismatches(db: TestDatabase) {
  const { rows } = await db.query(
    `with l as (
       select tenant_id, currency, entry_date, account_id, tax_rate_id, tax_rate, tax_rate_name, tax_type,
              sum(debit_amount) as debit, sum(credit_amount) as credit, sum(taxable_amount) as taxable, count(*) as lines
         from tax.journal_entry_lines group by 1, 2, 3, 4, 5, 6, 7, 8
     ),
     d as (
       select tenant_id, currency, entry_date, account_id, tax_rate_id, tax_rate, tax_rate_name, tax_type, debit, credit, taxable, lines
         from tax.ledger_daily
     )
     (select 'lines' as side, * from l except select 'lines', * from d) union all (select 'daily', * from d except select 'daily', * from l)`,
  );
  return rows;
}
