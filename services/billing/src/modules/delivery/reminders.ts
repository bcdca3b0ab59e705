import type { FastifyInstance } from 'fastify';
import { DEFAULT_REMINDER_SETTINGS, ReminderSettingsBody, type ReminderSettings, OpenInvoiceStatuses } from '@billpoint/proto';
import { scanTenants, type Identity, type ServiceContext, sqlList } from '@billpoint/kit';
import { TODAY_SQL } from '../recurring/recurring.sql.ts';

/**
 * Enqueues today's payment reminders of every tenant that turned them on, as deliveries (sent by deliverPending).
 * The reminder days of an unpaid (sent, viewed, overdue) invoice: `daysBefore` days before its due date, then every
 * `everyDaysAfter` days after it — at most `maxReminders` in all. A run enqueues, per invoice, the latest reminder
 * day that has come (a service that was down sends the current reminder once, not every missed one); the day is the
 * delivery's key, so each reminder exists once. Never two on one day: nothing on the day the invoice was sent or a
 * reminder already went out, nothing while one is pending. Answers how many reminders were enqueued.
 */
export async function scheduleReminders(ctx: ServiceContext, o: { now?: () => Date } = {}): Promise<number> {
  const now = (o.now?.() ?? new Date()).toISOString();
  const tenants = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(`select tenant_id from billing.reminder_settings where enabled`),
  );
  let queued = 0;
  for (const { tenant_id: tenantId } of tenants) {
    try {
      queued += await ctx.tx({ tenantId }, async (em) => {
        const [{ today }] = (await em.execute<{ today: string }[]>(TODAY_SQL, [now, tenantId])) as [{ today: string }];
        const rows = await em.execute<{ invoice_id: string }[]>(
          `with s as (
             select days_before, every_days_after, max_reminders from billing.reminder_settings where tenant_id = ? and enabled
           ), t as (
             select ?::date as today, coalesce((select timezone from billing.organizations where tenant_id = ?), 'UTC') as tz
           )
           insert into billing.deliveries (tenant_id, invoice_id, kind, key)
           select i.tenant_id, i.id, 'reminder',
                  (case when t.today < i.due_date then i.due_date - s.days_before
                        else i.due_date + ((t.today - i.due_date) / s.every_days_after) * s.every_days_after end)::text
             from billing.invoices i cross join s cross join t
            where i.tenant_id = ? and i.status in (${sqlList(OpenInvoiceStatuses)})
              and i.reminders_sent < s.max_reminders
              and t.today >= i.due_date - s.days_before
              and (t.today < i.due_date or t.today >= i.due_date + s.every_days_after)
              and (i.sent_at is null or (i.sent_at at time zone t.tz)::date < t.today)
              and (i.last_reminder_at is null or (i.last_reminder_at at time zone t.tz)::date < t.today)
              and not exists (select 1 from billing.deliveries d where d.tenant_id = i.tenant_id and d.invoice_id = i.id
                                and d.kind = 'reminder' and d.status = 'pending')
           on conflict (tenant_id, invoice_id, kind, key) do nothing
           returning invoice_id::text as invoice_id`,
          [tenantId, today, tenantId, tenantId],
        );
        return rows.length;
      });
    } catch (err) {
      ctx.logger.error({ err, tenantId }, 'reminders failed for a tenant; will retry on the next run');
    }
  }
  if (queued) ctx.logger.info({ queued }, 'payment reminders queued');
  return queued;
}

const SETTINGS_SQL = `select enabled, days_before as "daysBefore", every_days_after as "everyDaysAfter", max_reminders as "maxReminders"
  from billing.reminder_settings where tenant_id = $1`;

/** GET/PUT /api/reminder-settings: the organization's reminder settings (defaults until saved; members with reminders.manage change them). */
export function reminderSettingsRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const read = async (tenantId: string): Promise<ReminderSettings> => {
    const [row] = await ctx.reader.query<ReminderSettings>(tenantId, SETTINGS_SQL, [tenantId]);
    return row ?? DEFAULT_REMINDER_SETTINGS;
  };
  app.get('/api/reminder-settings', { config: { permission: 'reminders.read' } }, async (req) => read(req.identity.tenantId));
  app.put(
    '/api/reminder-settings',
    { config: { permission: 'reminders.manage', contract: { body: ReminderSettingsBody } } },
    async (req) => {
      const id: Identity = req.identity;
      const s = ReminderSettingsBody.parse(req.body ?? {});
      await ctx.tx(id, (em) =>
        em.execute(
          `insert into billing.reminder_settings (tenant_id, enabled, days_before, every_days_after, max_reminders)
         values (?, ?, ?, ?, ?)
         on conflict (tenant_id) do update set enabled = excluded.enabled, days_before = excluded.days_before,
           every_days_after = excluded.every_days_after, max_reminders = excluded.max_reminders, updated_at = now()`,
          [id.tenantId, s.enabled, s.daysBefore, s.everyDaysAfter, s.maxReminders],
        ),
      );
      return read(id.tenantId);
    },
  );
}
