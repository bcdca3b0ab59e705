import { randomBytes } from 'node:crypto';
import {
  DerivedInvoiceStatuses,
  InvoiceEvents,
  type Invoice,
  type InvoiceCreate,
  type InvoiceItem,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceUpdate,
  type MetadataInput,
} from '@billpoint/proto';
import {
  addEvent,
  allows,
  BadGateway,
  Conflict,
  Invalid,
  NotFound,
  PermissionDenied,
  planLimits,
  storedMetadata,
  Unprocessable,
  type EntityManager,
  type Identity,
  type PlanLimits,
  type ServiceContext,
} from '@billpoint/kit';
import type { Config } from '../../config.ts';
import { customerReadModel } from '../readmodel/customers.read-model.ts';
import { checkProducts } from '../readmodel/products.ts';
import { CUSTOMER_JOIN, eventData, INVOICE_COLUMNS, likePattern, toInvoice, type InvoiceRow } from './invoice.sql.ts';
import { InvoiceCreations, type NewInvoice } from './invoice.create.ts';

export { eventData };
import { NEXT_NUMBER_SQL, formatInvoiceNumber } from './numbering.ts';
import { invoicePdf } from './pdf/index.ts';
import {
  claimLegalNumber,
  GET_INVOICE_SQL,
  invoiceMail,
  loadInvoice,
  loadSender,
  markInvoiceSent,
  type PdfSender,
} from './invoice.send.ts';
import type { Mailer } from '@billpoint/kit';
import { checkDates, figures, type Figures } from './invoice.figures.ts';
import { resolveLineTax, taxRoundingOf } from './invoice.tax.ts';
import { defaultRate, rateOnUpdate } from '../exchange-rate/exchange-rate.sql.ts';
import { documentCurrency } from '../readmodel/document-currency.ts';
import { checkTypedNumber, requireDeletable, requireDraft, requireNoReturnToDraft, stateOfRequestedStatus } from './invoice.state.ts';
import { returnCustomerCredit } from '../credit/customer-credit.ts';
import { checkCredits, creditOnStatusChange } from '../credit/invoice-credit.ts';

type Tenant = Pick<Identity, 'tenantId'>;

const todayUtc = () => new Date().toISOString().slice(0, 10);

const GET_SQL = GET_INVOICE_SQL;

/** An invoice naming a template the tenant does not have (the composite foreign key) is a 400 on the field. */
function checkTemplateFk(err: unknown, path: string) {
  if ((err as { constraint?: string }).constraint === 'invoices_template_fk') throw new Invalid('Template not found', path);
}

/** Status events: an invoice entering one of these statuses says so on the bus. */
const STATUS_EVENTS: Partial<Record<InvoiceStatus, string>> = {
  sent: InvoiceEvents.Sent,
  paid: InvoiceEvents.Paid,
  overdue: InvoiceEvents.Overdue,
};

/** Use cases of invoices; every one runs under the caller's tenant (RLS + explicit tenant conditions). */
export class InvoiceService {
  readonly #ctx: ServiceContext<Config>;
  readonly #mailer: Mailer;
  readonly #customers: ReturnType<typeof customerReadModel>;
  readonly #creations: InvoiceCreations;
  constructor(ctx: ServiceContext<Config>, mailer: Mailer, limits: PlanLimits = planLimits(ctx as ServiceContext)) {
    this.#ctx = ctx;
    this.#mailer = mailer;
    this.#customers = customerReadModel(ctx as ServiceContext);
    this.#creations = new InvoiceCreations(ctx as ServiceContext, limits);
  }

  /** Newest first; search over number, customer name and e-mail (trigram index); status filter; pages. */
  async list(id: Tenant, q: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }> {
    const reader = this.#ctx.reader;
    const status = q.status ?? null;
    if (q.search) {
      const rows = await reader.query<InvoiceRow & { total_count: string }>(
        id.tenantId,
        `select ${INVOICE_COLUMNS}, p.total_count::text as total_count
           from billing.search_invoice_page($1, $2, $3, $4) p
           join billing.invoices i on i.id = p.id and i.tenant_id = $5 ${CUSTOMER_JOIN}
          order by i.created_at desc, i.id desc`,
        [likePattern(q.search), status, q.limit, q.offset, id.tenantId],
      );
      if (rows.length > 0 || q.offset === 0) return { items: rows.map(toInvoice), total: Number(rows[0]?.total_count ?? 0) };
      const [c] = await reader.query<{ n: string }>(
        id.tenantId,
        `select p.total_count::text as n from billing.search_invoice_page($1, $2, 1, 0) p`,
        [likePattern(q.search), status],
      );
      return { items: [], total: Number(c?.n ?? 0) };
    }
    // Unsearched: the page from the (tenant, created_at, id) index; the total from the summary rows.
    const rows = await reader.query<InvoiceRow & { total_count: string }>(
      id.tenantId,
      `select ${INVOICE_COLUMNS},
         (select coalesce(sum(invoice_count), 0)::text from billing.stats_status s
           where s.tenant_id = $1 and ($2::text is null or s.status = $2)) as total_count
         from billing.invoices i ${CUSTOMER_JOIN}
        where i.tenant_id = $1 and ($2::text is null or i.status = $2)
        order by i.created_at desc, i.id desc limit $3 offset $4`,
      [id.tenantId, status, q.limit, q.offset],
    );
    if (rows.length > 0 || q.offset === 0) return { items: rows.map(toInvoice), total: Number(rows[0]?.total_count ?? 0) };
    const [c] = await reader.query<{ n: string }>(
      id.tenantId,
      `select coalesce(sum(invoice_count), 0)::text as n from billing.stats_status where tenant_id = $1 and ($2::text is null or status = $2)`,
      [id.tenantId, status],
    );
    return { items: [], total: Number(c?.n ?? 0) };
  }

  async get(id: Tenant, invoiceId: number): Promise<Invoice> {
    const [row] = await this.#ctx.reader.query<InvoiceRow>(id.tenantId, GET_SQL, [invoiceId, id.tenantId], { prepare: true });
    if (!row) throw new NotFound('Invoice not found');
    return toInvoice(row);
  }

  /** The legal number the next issued invoice takes (drafts take none until they are issued). */
  async nextNumber(id: Tenant): Promise<string> {
    const [row] = await this.#ctx.reader.query<{ prefix: string; seq: string }>(id.tenantId, NEXT_NUMBER_SQL, [id.tenantId]);
    return formatInvoiceNumber(row!.prefix, Number(row!.seq));
  }

  async create(id: Identity, input: InvoiceCreate): Promise<Invoice> {
    const inv = input.invoice;
    const issueDate = inv.issueDate ?? todayUtc();
    checkDates(issueDate, inv.dueDate, 'invoice.');
    if (inv.invoiceNumber) checkTypedNumber(inv.invoiceNumber, await this.nextNumber(id));
    const items = await resolveLineTax(this.#ctx as ServiceContext, id.tenantId, issueDate, input.items);
    const currency = inv.currency ?? (await documentCurrency(this.#ctx as ServiceContext, id.tenantId, inv.customerId));
    const exchangeRate =
      inv.exchangeRate ?? (await defaultRate(this.#ctx as ServiceContext, id.tenantId, currency, issueDate, 'invoice.exchangeRate'));
    const rounding = await taxRoundingOf(this.#ctx as ServiceContext, id.tenantId);
    const f = figures(items, { ...inv, currency, exchangeRate, rounding }, 'invoice.');
    await checkProducts(this.#ctx as ServiceContext, id.tenantId, input.items);
    const item: NewInvoice = {
      identity: id,
      customerId: inv.customerId,
      issueDate,
      dueDate: inv.dueDate,
      currency,
      exchangeRate,
      taxRate: inv.taxRate,
      notes: inv.notes ?? null,
      terms: inv.terms ?? null,
      paymentInstructions: inv.paymentInstructions ?? null,
      templateId: inv.templateId,
      publicToken: randomBytes(32).toString('base64url'),
      figures: f,
      metadata: storedMetadata(null, inv.metadata),
    };
    // Number, invoice, lines and event in one transaction, possibly shared with the tenant's other creations of the
    // moment (InvoiceCreations). No invoice: the customer is not in the read model (or deleted) — then the slow path,
    // and once more (nothing was written).
    const created = await this.#creations.create(item);
    if (created) return created;
    await this.#ensureCustomer(id, inv.customerId, 'invoice.customerId');
    const retried = await this.#creations.create(item);
    if (!retried) throw new Invalid('Customer not found', 'invoice.customerId');
    return retried;
  }

  /** PUT, and PATCH through invoice.patch.ts (`draftOnly`: refused unless the locked invoice is still a draft). */
  async update(id: Identity, invoiceId: number, input: InvoiceUpdate, opts: { draftOnly?: boolean } = {}): Promise<Invoice> {
    const before = await this.get(id, invoiceId); // 404 first: another tenant's id never reaches the other checks
    // Keeping the invoice's customer is always allowed (even once deleted); a new one must exist in the tenant.
    if (input.customerId !== before.customerId) await this.#ensureCustomer(id, input.customerId, 'customerId');
    // Lines keep the products they already named (even once deleted or inactive); a product new to the invoice is checked.
    const named = new Set((before.items ?? []).map((it) => it.productId));
    await checkProducts(
      this.#ctx as ServiceContext,
      id.tenantId,
      input.items.map((it) => (named.has(it.productId ?? null) ? { ...it, productId: null } : it)),
    );
    // Tax rates new to the invoice are checked on the issue date it will have; the ones it carries keep what they were
    // stored with, unless the issue date changes (a new tax point: every rate is checked again and taken as it is now).
    const issueDate = input.issueDate ?? before.issueDate;
    const kept = new Map<number, InvoiceItem>();
    if (issueDate === before.issueDate)
      for (const it of before.items ?? []) if (it.taxRateId != null && !kept.has(it.taxRateId)) kept.set(it.taxRateId, it);
    const items = await resolveLineTax(this.#ctx as ServiceContext, id.tenantId, issueDate, input.items, kept);
    const exchangeRate = await rateOnUpdate(this.#ctx as ServiceContext, id.tenantId, before, { ...input, issueDate });
    const rounding = await taxRoundingOf(this.#ctx as ServiceContext, id.tenantId);
    return this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, invoiceId, true);
      if (opts.draftOnly) requireDraft(current, 'edited');
      const merged = {
        issueDate: input.issueDate ?? current.issueDate,
        dueDate: input.dueDate ?? current.dueDate,
        status: input.status ?? current.status,
        currency: input.currency ?? current.currency,
        exchangeRate: exchangeRate ?? current.exchangeRate,
        taxRate: input.taxRate ?? current.taxRate,
        discountAmount: input.discountAmount ?? current.discountAmount,
        shippingAmount: input.shippingAmount ?? current.shippingAmount,
        notes: input.notes === undefined ? current.notes : input.notes,
        terms: input.terms === undefined ? current.terms : input.terms,
        paymentInstructions: input.paymentInstructions === undefined ? current.paymentInstructions : input.paymentInstructions,
        templateId: input.templateId === undefined ? current.templateId : input.templateId,
      };
      // A user edits drafts only (and keeps them drafts: sending has its own route); anything else is a manager's.
      if ((current.status !== 'draft' || merged.status !== 'draft') && !allows(id, 'invoices.edit-sent'))
        throw new PermissionDenied(id.role, 'invoices.edit-sent', id);
      // Credited follows from credit notes: an edit keeps it (the form sends the stored status back) but never sets it.
      if (merged.status !== current.status && DerivedInvoiceStatuses.includes(merged.status))
        throw new Invalid(`Status ${merged.status} follows from credit notes: issue a credit note instead`, 'status');
      checkDates(merged.issueDate, merged.dueDate, '');
      const f = figures(items, { ...merged, rounding }, '');
      await checkCredits(em, id.tenantId, current, { total: f.total, currency: merged.currency, status: merged.status });
      requireNoReturnToDraft(current.status, merged.status); // after checkCredits: its reason is the more precise
      const entered = merged.status !== current.status ? merged.status : undefined;
      const state = stateOfRequestedStatus(merged.status, current);
      await em
        .execute(
          `update billing.invoices set
           customer_id = ?, issue_date = ?, due_date = ?, lifecycle = ?, payment_status = ?, status = ?, currency = ?,
           exchange_rate = ?, tax_rate = ?,
           subtotal = ?, tax_amount = ?, discount_amount = ?, shipping_amount = ?, total = ?, total_in_base_currency = ?,
           notes = ?, terms = ?, payment_instructions = ?, template_id = ?, metadata = ?::jsonb,
           paid_at = case when ? = 'paid' then coalesce(paid_at, now()) else null end,
           sent_at = case when ? = 'sent' then coalesce(sent_at, now()) else sent_at end,
           viewed_at = case when ? = 'viewed' then coalesce(viewed_at, now()) else viewed_at end,
           updated_at = now()
         where id = ? and tenant_id = ?`,
          [
            input.customerId,
            merged.issueDate,
            merged.dueDate,
            state.lifecycle,
            state.paymentStatus,
            state.status,
            merged.currency,
            merged.exchangeRate,
            merged.taxRate,
            f.subtotal,
            f.taxAmount,
            f.discountAmount,
            f.shippingAmount,
            f.total,
            f.totalInBaseCurrency,
            merged.notes,
            merged.terms,
            merged.paymentInstructions,
            merged.templateId,
            JSON.stringify(storedMetadata(current.metadata, input.metadata)),
            state.status,
            state.status,
            state.status,
            invoiceId,
            id.tenantId,
          ],
        )
        .catch((err: unknown) => {
          checkTemplateFk(err, 'templateId');
          throw err;
        });
      await em.execute(`delete from billing.invoice_items where invoice_id = ? and tenant_id = ?`, [invoiceId, id.tenantId]);
      await this.#writeItems(em, id.tenantId, invoiceId, f.lines, new Set((current.items ?? []).map((it) => it.id)));
      let updated = await this.#load(em, id.tenantId, invoiceId);
      if (await creditOnStatusChange(em, id, current, updated)) updated = await this.#load(em, id.tenantId, invoiceId);
      const data = eventData(updated);
      addEvent(em, { subject: InvoiceEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data });
      const statusEvent = entered && STATUS_EVENTS[entered];
      if (statusEvent) addEvent(em, { subject: statusEvent, tenantId: id.tenantId, actorId: id.userId, data });
      return updated;
    });
  }

  /**
   * A PATCH of `metadata` alone, on an invoice in any state: the keys merged by the kit's rule, `invoice.updated` in the
   * same transaction. Nothing the invoice prints or owes changes, so it is allowed after the invoice was sent.
   */
  async updateMetadata(id: Identity, invoiceId: number, patch: MetadataInput): Promise<Invoice> {
    return this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, invoiceId, true);
      // As any edit: a sent invoice is a manager's to change.
      if (current.status !== 'draft' && !allows(id, 'invoices.edit-sent')) throw new PermissionDenied(id.role, 'invoices.edit-sent', id);
      if (!Object.keys(patch).length) return current;
      await em.execute(`update billing.invoices set metadata = ?::jsonb, updated_at = now() where id = ? and tenant_id = ?`, [
        JSON.stringify(storedMetadata(current.metadata, patch)),
        invoiceId,
        id.tenantId,
      ]);
      const updated = await this.#load(em, id.tenantId, invoiceId);
      addEvent(em, { subject: InvoiceEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: eventData(updated) });
      return updated;
    });
  }

  /**
   * Deletes a draft and its items; the deleted event carries the invoice as it was. An issued invoice (and a draft
   * that holds a legal number) is a 409 and stays, from every caller (the app and the public API alike).
   */
  async remove(id: Identity, invoiceId: number): Promise<void> {
    await this.#ctx.tx(id, async (em) => {
      const current = await this.#load(em, id.tenantId, invoiceId, true);
      const [row] = await em.execute<{ legal_number: boolean }[]>(
        `select legal_number from billing.invoices where id = ? and tenant_id = ?`,
        [invoiceId, id.tenantId],
      );
      requireDeletable(current, row!.legal_number);
      const [noted] = await em.execute<{ n: number }[]>(
        `select count(*)::int as n from billing.credit_notes where tenant_id = ? and invoice_id = ?`,
        [id.tenantId, invoiceId],
      );
      if (noted!.n > 0)
        throw new Conflict(
          `Invoice ${current.invoiceNumber} has credit notes: it cannot be deleted; void it instead`,
          'resource_state_invalid',
        );
      await returnCustomerCredit(em, id.tenantId, current, id.userId);
      await em.execute(`delete from billing.invoices where id = ? and tenant_id = ?`, [invoiceId, id.tenantId]);
      addEvent(em, { subject: InvoiceEvents.Deleted, tenantId: id.tenantId, actorId: id.userId, data: eventData(current) });
    });
  }

  /** The PDF as a stream, with the file name it is served under. */
  async pdf(id: Tenant, invoiceId: number) {
    const invoice = await this.get(id, invoiceId);
    const sender = await this.#sender(id);
    const [design, creditNotes] = await Promise.all([sender.design(invoice.templateId), sender.creditNotes(invoice)]);
    return { filename: `invoice-${invoice.invoiceNumber}.pdf`, stream: invoicePdf(invoice, sender, design, creditNotes) };
  }

  /**
   * E-mails the invoice (PDF attached) to the customer; only once the mail was accepted does one transaction mark it
   * (markInvoiceSent). A draft takes its legal number first, in a short transaction of its own (claimLegalNumber), so
   * that the mail and its PDF carry it. A user's send is a fresh message each time (a deliberate re-send is a reminder).
   */
  async send(id: Identity, invoiceId: number): Promise<Invoice> {
    let invoice = await this.get(id, invoiceId);
    const to = invoice.customer?.email?.trim();
    if (!to) throw new Unprocessable('This customer has no e-mail address. Add one to the customer before sending the invoice.');
    refuseVoidSend(invoice);
    if (invoice.status === 'draft')
      invoice = await this.#ctx.tx(id, async (em) => {
        await this.#load(em, id.tenantId, invoiceId, true);
        return (await claimLegalNumber(em, id.tenantId, invoiceId))!;
      });
    const mail = await invoiceMail(invoice, await this.#sender(id), to, this.#ctx.config.PUBLIC_URL);
    try {
      await this.#mailer.send(mail);
    } catch (err) {
      this.#ctx.logger.warn({ err, invoiceId, tenantId: id.tenantId }, 'sending the invoice e-mail failed');
      throw new BadGateway('The invoice could not be sent: the mail server did not accept the message. Please try again.');
    }
    return this.#ctx.tx(id, async (em) => {
      refuseVoidSend(await this.#load(em, id.tenantId, invoiceId, true));
      return markInvoiceSent(em, id.tenantId, invoiceId, id.userId);
    });
  }

  /** The invoice in the transaction (FOR UPDATE when about to change it); 404 when the tenant has none. */
  async #load(em: EntityManager, tenantId: string, invoiceId: number, lock = false): Promise<Invoice> {
    const invoice = await loadInvoice(em, tenantId, invoiceId, lock);
    if (!invoice) throw new NotFound('Invoice not found');
    return invoice;
  }

  /** Inserts the lines in order; a line keeps its id when it names one the invoice had. */
  async #writeItems(em: EntityManager, tenantId: string, invoiceId: number, lines: Figures['lines'], keep: Set<number>) {
    const values: string[] = [];
    const params: unknown[] = [];
    const used = new Set<number>();
    lines.forEach((l, position) => {
      const keepId = l.id != null && keep.has(l.id) && !used.has(l.id) ? l.id : null;
      if (keepId != null) used.add(keepId);
      values.push(`(${keepId != null ? '?' : 'default'}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      if (keepId != null) params.push(keepId);
      params.push(tenantId, invoiceId, position, l.productId, l.description, l.quantity, l.rate, l.amount, l.taxRate, l.taxAmount);
      params.push(l.taxRateId, l.taxRateName, l.taxType, l.discountShare, l.shippingShare);
    });
    await em.execute(
      `insert into billing.invoice_items (id, tenant_id, invoice_id, position, product_id, description, quantity, rate, amount,
         tax_rate, tax_amount, tax_rate_id, tax_rate_name, tax_type, discount_share, shipping_share)
       values ${values.join(', ')}`,
      params,
    );
  }

  /** The customer must exist in the tenant: from the read model, else asked from customers (and remembered). */
  async #ensureCustomer(id: Tenant, customerId: number, path: string): Promise<void> {
    if (!(await this.#customers.get(id.tenantId, customerId))) throw new Invalid('Customer not found', path);
  }

  #sender(id: Tenant): Promise<PdfSender> {
    return loadSender(this.#ctx as ServiceContext, id.tenantId);
  }
}

/**
 * A cancelled invoice is never e-mailed again: the mail would tell the customer it is due and carry a pay link for a
 * document that no longer asks for money. Checked before the mail and again under the invoice's lock.
 */
function refuseVoidSend(invoice: Invoice): void {
  if (invoice.lifecycle === 'void')
    throw new Conflict(
      `Invoice ${invoice.invoiceNumber} is cancelled: a cancelled invoice cannot be sent. Issue a new invoice instead.`,
      'resource_state_invalid',
    );
}
