import { defineIsolationMatrix } from '@billpoint/kit/testing';
import type { Invoice, Quote } from '@billpoint/proto';
import { invoiceBody, makeCustomer, makeInvoice } from './support/factories.ts';
import { makeSchedule, scheduleBody } from './support/recurring.ts';
import { makeQuote, quoteBody } from './support/quotes.ts';
import { seedTemplates, templateIsolationRoutes, templateSecrets } from './isolation.templates.ts';
import { creditNoteIsolationRoutes, seedCreditNote } from './isolation.credit-notes.ts';
import { exchangeRateIsolationRoutes, seedExchangeRate } from './isolation.exchange-rates.ts';
import { emailTemplateIsolationRoutes, seedEmailTemplate } from './isolation.email-templates.ts';
import { portalIsolationRoutes } from './isolation.portal.ts';

const items = [{ description: 'Hijack', quantity: '1', rate: '1' }];

/** Tenant isolation of every billing route (run by gateway/test/isolation-matrix.test.ts). */
export default defineIsolationMatrix({
  service: 'billing',
  file: 'services/billing/test/isolation.matrix.ts',
  async seed(t) {
    const { tag } = t;
    const customer = await makeCustomer(t.client, { name: `Secret ${tag}`, email: `${tag}@secret.test`, company: `Company ${tag}` });
    const created = await makeInvoice(t.client, customer.id, {
      invoice: { notes: `Notes ${tag}`, terms: `Terms ${tag}`, paymentInstructions: `IBAN ${tag}` },
      items: [
        {
          description: `Work ${tag}`,
          quantity: '1',
          rate: `${1000 + Math.floor(Math.random() * 9000)}.${10 + Math.floor(Math.random() * 90)}`,
        },
      ],
    });
    const full = await t.client.get(`/api/invoices/${created.id}`);
    const creditNote = await seedCreditNote(t.client, customer.id, tag);
    const schedule = await makeSchedule(t.client, customer.id, { name: `Plan ${tag}`, notes: `Schedule notes ${tag}` });
    const settings = await t.client.put('/api/reminder-settings', { enabled: true, daysBefore: 5, everyDaysAfter: 9, maxReminders: 4 });
    if (settings.status !== 200) throw new Error(`reminder settings failed: ${settings.status} ${settings.text}`);
    const made = await makeQuote(t.client, customer.id, { quote: { notes: `Quote notes ${tag}`, terms: `Quote terms ${tag}` } });
    const quote = (await t.client.get(`/api/quotes/${made.id}`)).json as Quote;
    const exchangeRate = await seedExchangeRate(t.client);
    const emailTemplate = await seedEmailTemplate(t);
    return {
      customer,
      invoice: full.json as Invoice,
      quote,
      schedule,
      tag,
      creditNote,
      exchangeRate,
      emailTemplate,
      templates: await seedTemplates(t),
    };
  },
  settled: async (db, t, { customer }) =>
    (
      await db.query(
        `select 1 from billing.organizations o join billing.customers c on c.tenant_id = o.tenant_id and c.id = $2 where o.tenant_id = $1`,
        [t.tenantId, customer.id],
      )
    ).rowCount === 1,
  secrets: ({ customer, invoice, quote, schedule, tag, templates, creditNote, exchangeRate, emailTemplate }, t) => [
    emailTemplate.subject,
    exchangeRate.rate,
    creditNote.reason,
    creditNote.total, // a random amount, like the invoice's
    ...templateSecrets(templates),
    tag,
    customer.name,
    customer.email,
    customer.company!,
    invoice.publicToken!,
    invoice.notes!,
    quote.publicToken!,
    quote.notes!,
    schedule.name,
    schedule.notes!,
    invoice.total, // a random amount: B's figures never equal it by chance (1 in 810,000)
    t.tenantId,
  ],
  routes: {
    ...templateIsolationRoutes(),
    ...creditNoteIsolationRoutes(),
    ...exchangeRateIsolationRoutes(),
    ...emailTemplateIsolationRoutes(),
    'GET /api/invoices': {
      answers: 'collection',
      call: (a) => [
        { path: `/api/invoices?search=${a.tag}` },
        { path: `/api/invoices?search=${a.customer.email}` },
        { path: '/api/invoices' },
        { path: `/api/invoices?customerId=${a.customer.id}` },
        { path: `/api/invoices?recurringInvoiceId=${a.schedule.id}` },
        // A cursor of A's (or a neighbour of it) names nothing in B's list: refused as any unknown id, telling nothing.
        {
          path: `/api/invoices?pagination=cursor&starting_after=${a.invoice.id + 1}&customerId=${a.customer.id}&search=${a.tag}`,
          status: [400],
        },
        {
          path: `/api/invoices?pagination=cursor&starting_after=${a.invoice.id}&customerId=${a.customer.id}&search=${a.tag}`,
          status: [400],
        },
      ],
    },
    'GET /api/invoices/next-number': { answers: 'collection', call: () => ({ path: '/api/invoices/next-number' }) },
    'GET /api/invoices/:id': { answers: 'not-found', call: (a) => ({ path: `/api/invoices/${a.invoice.id}` }) },
    'POST /api/invoices': {
      answers: 'status',
      status: [400], // A's customer does not exist for B
      call: (a) => ({ path: '/api/invoices', body: invoiceBody(a.customer.id) }),
    },
    'PUT /api/invoices/:id': {
      answers: 'not-found',
      call: (a, b) => [
        { path: `/api/invoices/${a.invoice.id}`, body: { customerId: b.customer.id, status: 'paid', items } },
        { path: `/api/invoices/${a.invoice.id}`, body: { customerId: a.customer.id, items } },
        { path: `/api/invoices/${b.invoice.id}`, body: { customerId: a.customer.id, items }, status: [400] },
      ],
    },
    'PATCH /api/invoices/:id': {
      answers: 'not-found',
      call: (a, b) => [
        { path: `/api/invoices/${a.invoice.id}`, body: { notes: 'Hijack' } },
        { path: `/api/invoices/${a.invoice.id}`, body: { customerId: b.customer.id, items } },
      ],
    },
    'DELETE /api/invoices/:id': {
      answers: 'not-found',
      call: (a) => [{ path: `/api/invoices/${a.invoice.id}?draftOnly=true` }, { path: `/api/invoices/${a.invoice.id}` }],
    },
    'POST /api/invoices/:id/void': { answers: 'not-found', call: (a) => ({ path: `/api/invoices/${a.invoice.id}/void` }) },
    'POST /api/invoices/:id/send': { answers: 'not-found', call: (a) => ({ path: `/api/invoices/${a.invoice.id}/send` }) },
    'GET /api/invoices/:id/pdf': { answers: 'not-found', call: (a) => ({ path: `/api/invoices/${a.invoice.id}/pdf` }) },
    'GET /api/invoices/:id/e-invoice': {
      answers: 'not-found',
      call: (a) => [
        { path: `/api/invoices/${a.invoice.id}/e-invoice?format=ubl` },
        { path: `/api/invoices/${a.invoice.id}/e-invoice?format=factur-x` },
      ],
    },
    'GET /api/quotes': {
      answers: 'collection',
      call: (a) => [
        { path: `/api/quotes?search=${a.tag}` },
        { path: `/api/quotes?search=${a.customer.email}` },
        { path: '/api/quotes' },
        { path: `/api/quotes?customerId=${a.customer.id}` },
        // A cursor of A's (or a neighbour of it) names nothing in B's list: refused as any unknown id, telling nothing.
        { path: `/api/quotes?pagination=cursor&starting_after=${a.quote.id + 1}`, status: [400] },
        { path: `/api/quotes?pagination=cursor&starting_after=${a.quote.id}`, status: [400] },
      ],
    },
    'GET /api/quotes/:id': { answers: 'not-found', call: (a) => ({ path: `/api/quotes/${a.quote.id}` }) },
    'POST /api/quotes': {
      answers: 'status',
      status: [400], // A's customer does not exist for B
      call: (a) => ({ path: '/api/quotes', body: quoteBody(a.customer.id) }),
    },
    'PUT /api/quotes/:id': {
      answers: 'not-found',
      call: (a, b) => [
        { path: `/api/quotes/${a.quote.id}`, body: quoteBody(b.customer.id, { items }) },
        { path: `/api/quotes/${a.quote.id}`, body: quoteBody(a.customer.id, { items }) },
        { path: `/api/quotes/${b.quote.id}`, body: quoteBody(a.customer.id, { items }), status: [400] },
      ],
    },
    'PATCH /api/quotes/:id': {
      answers: 'not-found',
      call: (a, b) => [
        { path: `/api/quotes/${a.quote.id}`, body: { notes: 'Hijack' } },
        { path: `/api/quotes/${a.quote.id}`, body: { customerId: b.customer.id, items } },
      ],
    },
    'DELETE /api/quotes/:id': { answers: 'not-found', call: (a) => ({ path: `/api/quotes/${a.quote.id}` }) },
    'POST /api/quotes/:id/send': { answers: 'not-found', call: (a) => ({ path: `/api/quotes/${a.quote.id}/send` }) },
    'POST /api/quotes/:id/mark-accepted': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/quotes/${a.quote.id}/mark-accepted`, body: { name: 'Intruder' } }),
    },
    'POST /api/quotes/:id/mark-declined': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/quotes/${a.quote.id}/mark-declined`, body: {} }),
    },
    'POST /api/quotes/:id/convert': { answers: 'not-found', call: (a) => ({ path: `/api/quotes/${a.quote.id}/convert` }) },
    'GET /api/quotes/:id/pdf': { answers: 'not-found', call: (a) => ({ path: `/api/quotes/${a.quote.id}/pdf` }) },
    'GET /api/dashboard/stats': {
      answers: 'collection',
      call: () => [
        { path: '/api/dashboard/stats' },
        { path: '/api/dashboard/stats?period=30d' },
        { path: '/api/dashboard/stats?period=1y&currency=USD' },
      ],
    },
    'GET /api/recurring-invoices': {
      answers: 'collection',
      call: (a) => [
        { path: `/api/recurring-invoices?search=${a.tag}` },
        { path: '/api/recurring-invoices?status=active' },
        { path: `/api/recurring-invoices?customerId=${a.customer.id}` },
        { path: '/api/recurring-invoices?pagination=cursor&limit=100' },
        // A cursor of A's names nothing in B's list: refused as any unknown id, telling nothing.
        { path: `/api/recurring-invoices?pagination=cursor&starting_after=${a.schedule.id}`, status: [400] },
      ],
    },
    'GET /api/recurring-invoices/summary': { answers: 'collection', call: () => ({ path: '/api/recurring-invoices/summary' }) },
    'GET /api/recurring-invoices/:id': { answers: 'not-found', call: (a) => ({ path: `/api/recurring-invoices/${a.schedule.id}` }) },
    'POST /api/recurring-invoices': {
      answers: 'status',
      status: [400], // A's customer does not exist for B
      call: (a) => ({ path: '/api/recurring-invoices', body: scheduleBody(a.customer.id) }),
    },
    'PUT /api/recurring-invoices/:id': {
      answers: 'not-found',
      call: (a, b) => [
        { path: `/api/recurring-invoices/${a.schedule.id}`, body: scheduleBody(b.customer.id, { name: 'Hijack' }) },
        { path: `/api/recurring-invoices/${b.schedule.id}`, body: scheduleBody(a.customer.id), status: [400] },
      ],
    },
    'PATCH /api/recurring-invoices/:id': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/recurring-invoices/${a.schedule.id}`, body: { isActive: false } }),
    },
    'DELETE /api/recurring-invoices/:id': { answers: 'not-found', call: (a) => ({ path: `/api/recurring-invoices/${a.schedule.id}` }) },
    'POST /api/recurring-invoices/:id/run': {
      answers: 'not-found',
      call: (a) => ({ path: `/api/recurring-invoices/${a.schedule.id}/run` }),
    },
    'GET /api/reminder-settings': { answers: 'collection', call: () => ({ path: '/api/reminder-settings' }) },
    'PUT /api/reminder-settings': {
      answers: 'status',
      status: [200], // B's own settings: A's stay as they were
      call: () => ({ path: '/api/reminder-settings', body: { enabled: false, daysBefore: 1, everyDaysAfter: 2, maxReminders: 1 } }),
    },
    ...portalIsolationRoutes(),
  },
});
