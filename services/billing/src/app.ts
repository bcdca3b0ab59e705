import { mailerFromConfig, planLimits, type ServiceContext, type ServiceDefinition } from '@billpoint/kit';
import { registeredService } from '@billpoint/proto/services';
import { configSchema, type Config } from './config.ts';
import { migrations } from './migrations/index.ts';
import { InvoiceService } from './modules/invoice/invoice.service.ts';
import { invoiceRoutes } from './modules/invoice/invoice.routes.ts';
import { overdueJob } from './modules/invoice/overdue.job.ts';
import { quoteRoutes } from './modules/quote/quote.routes.ts';
import { quoteExpiryJob } from './modules/quote/quote.expiry.job.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { readModelConsumers } from './modules/readmodel/read-model.handlers.ts';
import { RecurringService } from './modules/recurring/recurring.service.ts';
import { recurringRoutes } from './modules/recurring/recurring.routes.ts';
import { recurringJob } from './modules/recurring/recurring.job.ts';
import { deliverPending } from './modules/delivery/deliveries.ts';
import { reminderSettingsRoutes, scheduleReminders } from './modules/delivery/reminders.ts';
import { payableResponder, publicInvoice } from './modules/payment/payable.ts';
import { paymentsConsumer } from './modules/payment/payments.consumer.ts';
import { TemplateService } from './modules/template/template.service.ts';
import { templateRoutes } from './modules/template/template.routes.ts';
import { logoOwnedResponder, logoRoutes } from './modules/template/logo.routes.ts';
import { creditNoteRoutes } from './modules/credit-note/credit-note.routes.ts';
import { eInvoiceRoutes } from './modules/e-invoice/e-invoice.routes.ts';
import { creditNoteRefundsConsumer } from './modules/credit-note/credit-note.refunds.ts';
import { customerCreditResponder } from './modules/credit/customer-credit.read.ts';
import { exchangeRateResponder, exchangeRateRoutes, exchangeRatesResponder } from './modules/exchange-rate/exchange-rate.routes.ts';
import { runReferenceRatesJob } from './modules/exchange-rate/reference-rates.ts';
import { EmailTemplateService } from './modules/email-template/email-template.service.ts';
import { emailTemplateRoutes } from './modules/email-template/email-template.routes.ts';
import { invitationRoutes } from './modules/email-template/invitation.routes.ts';
import { receiptRoutes } from './modules/receipt/receipt.routes.ts';
import { receiptsConsumer } from './modules/receipt/receipt.consumer.ts';
import { deliverReceipts } from './modules/receipt/receipt.mail.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { hostTenantGuard } from './modules/portal/host-tenant.ts';

const mailerOf = (ctx: ServiceContext) => mailerFromConfig(ctx.config as Config, ctx.logger);

/**
 * The billing service: invoices, items, numbering, PDF, e-mail, the overdue job, dashboard stats, credit notes and
 * customer credit, exchange rates (and their daily reference-rates job), e-mail templates, receipts and portal
 * invitations, and the read models of customers and organizations. Both topologies start it with the kit.
 */
export const billingService = {
  name: 'billing',
  schema: 'billing',
  configSchema,
  // Persistence is SQL (numbering row locks, triggers, trigram search, one-round-trip reads); the ORM carries
  // the unit of work, the tenant context and the outbox.
  entities: [],
  migrations,
  publicRoutes: registeredService('billing').public,
  bodyLimits: registeredService('billing').bodyLimits,
  routes(app, ctx) {
    const mailer = mailerOf(ctx);
    hostTenantGuard(app, ctx as ServiceContext); // before the public routes it guards
    const invoices = new InvoiceService(ctx as ServiceContext<Config>, mailer);
    invoiceRoutes(app, invoices, ctx as ServiceContext);
    portalRoutes(app, ctx as ServiceContext, invoices);
    quoteRoutes(app, ctx as ServiceContext<Config>, mailer);
    dashboardRoutes(app, ctx);
    recurringRoutes(app, ctx, new RecurringService(ctx), {
      now: () => new Date(),
      // Auto-sent invoices go out right after a manual run, not at the next reminders interval.
      afterRun: (tenantId) =>
        void deliverPending(ctx, mailer, { tenantId }).catch((err: unknown) =>
          ctx.logger.warn({ err, tenantId }, 'deliveries after a run failed'),
        ),
    });
    reminderSettingsRoutes(app, ctx);
    templateRoutes(app, ctx, new TemplateService(ctx));
    logoRoutes(app, ctx);
    creditNoteRoutes(app, ctx as ServiceContext);
    eInvoiceRoutes(app, ctx as ServiceContext);
    exchangeRateRoutes(app, ctx as ServiceContext);
    emailTemplateRoutes(app, new EmailTemplateService(ctx));
    invitationRoutes(app, ctx, mailer);
    receiptRoutes(app, ctx);
    const readPublic = publicInvoice(ctx);
    app.get('/api/invoices/:token/public', async (req) => readPublic((req.params as { token: string }).token));
  },
  consumers: async (ctx) => [
    ...(await readModelConsumers(ctx)),
    await paymentsConsumer(ctx),
    await receiptsConsumer(ctx, mailerOf(ctx)),
    await creditNoteRefundsConsumer(ctx),
    await customerCreditResponder(ctx),
    await exchangeRateResponder(ctx),
    await exchangeRatesResponder(ctx),
    await payableResponder(ctx),
    await logoOwnedResponder(ctx),
    await planLimits(ctx).start(), // the plan-limits read model invoice creation checks
  ],
  jobs: (ctx) => {
    const c = ctx.config as Config;
    const mailer = mailerOf(ctx);
    const deliver = () => deliverPending(ctx, mailer);
    return [
      overdueJob(ctx, c.OVERDUE_INTERVAL_MS),
      // Quotes past validUntil expire on the same rhythm as invoices become overdue (both are by calendar day).
      quoteExpiryJob(ctx, c.OVERDUE_INTERVAL_MS),
      recurringJob(ctx, { intervalMs: c.RECURRING_INTERVAL_MS, batchSize: c.RECURRING_BATCH_SIZE, after: deliver }),
      { name: 'reminders', intervalMs: c.REMINDERS_INTERVAL_MS, run: async () => (await scheduleReminders(ctx), await deliver()) },
      // Receipt e-mails left pending (a crash after the receipt was kept, a mail server that refused): sent again.
      { name: 'receipt-mails', intervalMs: c.REMINDERS_INTERVAL_MS, run: () => deliverReceipts(ctx, mailer) },
      // The reference exchange rates (FX_RATES_URL=off: no job at all, not even its schedule row).
      ...(c.FX_RATES_URL !== 'off'
        ? [{ name: 'exchange-rates', intervalMs: c.FX_RATES_INTERVAL_MS, run: () => runReferenceRatesJob(ctx, c.FX_RATES_URL) }]
        : []),
    ];
  },
} satisfies ServiceDefinition<typeof configSchema>;
