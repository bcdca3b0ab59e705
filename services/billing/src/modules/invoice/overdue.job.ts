import { InvoiceEvents, PendingInvoiceStatuses, legacyInvoiceStatusSql, OpenInvoicePaymentStatuses } from '@billpoint/proto';
import { addEvent, scanTenants, type JobDefinition, type ServiceContext, sqlList } from '@billpoint/kit';
import { CUSTOMER_JOIN, INVOICE_COLUMNS, toInvoice, type InvoiceRow } from './invoice.sql.ts';
import { eventData } from './invoice.service.ts';

/**
 * Marks sent (or viewed) invoices past their due date as overdue, with one event each. Safe on every replica at
 * once: the UPDATE locks each row and re-checks its WHERE after a concurrent change, so an invoice another run
 * marked meanwhile is no longer `sent` and is skipped — each invoice is marked, and announced, exactly once.
 * "Past due" is a due date before today in UTC, the calendar the service dates invoices by.
 * Answers how many invoices this run marked.
 */
/** The status of a row the job marks: derived with the overdue fact now holding. */
const MARKED_STATUS = legacyInvoiceStatusSql({
  lifecycle: 'lifecycle',
  paymentStatus: 'payment_status',
  overdue: 'true',
  viewed: 'viewed_at is not null',
});

export async function runOverdueJob(ctx: ServiceContext): Promise<number> {
  // Every tenant with an invoice has a numbering row; the scan role may list their ids, nothing more.
  const tenants = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(`select tenant_id from billing.numbering order by tenant_id`),
  );
  let marked = 0;
  for (const { tenant_id: tenantId } of tenants) {
    try {
      marked += await ctx.tx({ tenantId }, async (em) => {
        const rows = await em.execute<InvoiceRow[]>(
          `with u as (
             update billing.invoices set status = ${MARKED_STATUS}, updated_at = now()
              where tenant_id = ? and status in (${sqlList(PendingInvoiceStatuses)}) and lifecycle = 'issued'
                and payment_status in (${sqlList(OpenInvoicePaymentStatuses)}) and due_date < (now() at time zone 'UTC')::date
             returning *
           )
           select ${INVOICE_COLUMNS} from u i ${CUSTOMER_JOIN} order by i.id`,
          [tenantId],
        );
        for (const row of rows) {
          addEvent(em, { subject: InvoiceEvents.Overdue, tenantId, actorId: null, data: eventData(toInvoice(row)) });
        }
        return rows.length;
      });
    } catch (err) {
      ctx.logger.error({ err, tenantId }, 'overdue job failed for a tenant; will retry on the next run');
    }
  }
  if (marked) ctx.logger.info({ marked }, 'invoices marked overdue');
  return marked;
}

/** The overdue job: at start, then every `intervalMs` across all replicas together (the kit's job runner). */
export const overdueJob = (ctx: ServiceContext, intervalMs: number): JobDefinition => ({
  name: 'overdue',
  intervalMs,
  run: () => runOverdueJob(ctx),
});
