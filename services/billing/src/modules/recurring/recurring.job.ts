import { scanTenants, type JobDefinition, type ServiceContext } from '@billpoint/kit';
import { generateBatch, type GenerateOptions, type GeneratedInvoice } from './recurring.generate.ts';

export interface RecurringJobOptions {
  /** The clock (tests inject one; never sleep for the calendar). */
  now?: () => Date;
  batchSize?: number;
  beforeCommit?: GenerateOptions['beforeCommit'];
}

/** Tenants with a schedule due by `date` (UTC; a day ahead covers every time zone), through the scan role. */
async function dueTenants(ctx: ServiceContext, date: string): Promise<string[]> {
  const rows = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(
      `select distinct tenant_id from billing.recurring_invoices where is_active and next_invoice_date <= ?::date`,
      [date],
    ),
  );
  return rows.map((r) => r.tenant_id);
}

/**
 * The recurring scheduler: every tenant with due schedules, batch after batch until nothing is due. Safe on every
 * replica at once (each batch claims with SKIP LOCKED; see generateBatch); each replica walks the tenants from a
 * random place, so replicas spread over tenants instead of queueing on one tenant's numbering row. A failure in one
 * tenant is logged and retried at the next run; the others go on. Answers the invoices this run produced.
 */
export async function runRecurringJob(ctx: ServiceContext, o: RecurringJobOptions = {}): Promise<GeneratedInvoice[]> {
  const now = o.now?.() ?? new Date();
  const horizon = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const tenants = await dueTenants(ctx, horizon);
  const start = Math.floor(Math.random() * tenants.length);
  const produced: GeneratedInvoice[] = [];
  for (let i = 0; i < tenants.length; i++) {
    const tenantId = tenants[(start + i) % tenants.length]!;
    try {
      for (;;) {
        const { generated, more } = await generateBatch(ctx, tenantId, {
          now,
          batchSize: o.batchSize ?? 100,
          beforeCommit: o.beforeCommit,
        });
        produced.push(...generated);
        if (!more) break;
      }
    } catch (err) {
      ctx.logger.error({ err, tenantId }, 'recurring invoices failed for a tenant; will retry on the next run');
    }
  }
  if (produced.length) ctx.logger.info({ generated: produced.length, tenants: tenants.length }, 'recurring invoices generated');
  return produced;
}

/** Every due period of one schedule, now (POST …/{id}/run): batches until it is caught up. */
export async function runSchedule(ctx: ServiceContext, tenantId: string, scheduleId: number, now: Date): Promise<GeneratedInvoice[]> {
  const produced: GeneratedInvoice[] = [];
  for (;;) {
    const { generated } = await generateBatch(ctx, tenantId, { now, batchSize: 1, scheduleId });
    produced.push(...generated);
    if (generated.length === 0) return produced;
  }
}

/** The scheduler as a job of every replica (each polls every `intervalMs`, at start too), then the deliveries. */
export const recurringJob = (
  ctx: ServiceContext,
  o: { intervalMs: number; batchSize: number; after?: () => Promise<unknown> },
): JobDefinition => ({
  name: 'recurring',
  intervalMs: o.intervalMs,
  everyReplica: true,
  run: async () => {
    await runRecurringJob(ctx, { batchSize: o.batchSize });
    await o.after?.();
  },
});
