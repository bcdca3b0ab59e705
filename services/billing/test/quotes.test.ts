import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteEvents, type PublicQuote, type Quote } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import { startStack, type Stack } from '../../../gateway/test/support/stack.ts';
import { runQuoteExpiryJob } from '../src/modules/quote/quote.expiry.job.ts';
import { inDays, makeCustomer } from './support/factories.ts';
import { eventsOf, makeQuote, quoteBody, sentQuote } from './support/quotes.ts';
import { apiClient, organization } from '../../../gateway/test/support/public-api.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const today = () => new Date().toISOString().slice(0, 10);
const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `QUO-${String(from + i).padStart(4, '0')}`);

describe('quotes through the gateway', () => {
  it('creates a draft with server-computed figures, gets, lists, updates and deletes it, with events', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c, { name: 'Ada Lovelace', email: 'ada@engine.test' });
    const res = await c.post('/api/quotes', {
      quote: {
        customerId: String(cust.id),
        validUntil: inDays(14),
        currency: 'eur',
        exchangeRate: '1.1', // typed: the tenant has no EUR rate yet
        discountAmount: '1.05',
        shippingAmount: '2',
        notes: 'Thanks!',
        terms: 'Valid for 14 days',
        total: '1', // ignored
        status: 'accepted', // ignored: new quotes are drafts
      },
      items: [
        { description: 'Design', quantity: '3', rate: '33.33', taxRate: '10' },
        { description: 'Hosting', quantity: '1.5', rate: '0.99', taxRate: '20' },
      ],
    });
    expect(res.status).toBe(201);
    const q = res.json as Quote;
    expect(q).toMatchObject({
      quoteNumber: 'QUO-0001',
      status: 'draft',
      customerId: cust.id,
      customer: { name: 'Ada Lovelace', email: 'ada@engine.test' },
      issueDate: today(),
      validUntil: inDays(14),
      currency: 'EUR',
      subtotal: '101.48',
      // Discount (1.03 + 0.02) and shipping (1.97 + 0.03) shared by amount: 10 % of 100.93 → 10.09, 20 % of 1.50.
      taxAmount: '10.39',
      discountAmount: '1.05',
      shippingAmount: '2.00',
      total: '112.82',
      exchangeRate: '1.100000',
      totalInBaseCurrency: '124.10', // 112.82 × 1.1 = 124.102
      notes: 'Thanks!',
      terms: 'Valid for 14 days',
      acceptedBy: null,
      convertedInvoiceId: null,
    });
    expect(q.items!.map((i) => [i.description, i.quantity, i.rate, i.amount, i.taxRate, i.taxAmount])).toEqual([
      ['Design', '3.00', '33.33', '99.99', '10.00', '10.09'],
      ['Hosting', '1.50', '0.99', '1.49', '20.00', '0.30'],
    ]);
    expect(q.publicToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await c.get(`/api/quotes/${q.id}`)).json).toEqual(q);

    const second = await makeQuote(c, cust.id);
    expect(second.quoteNumber).toBe('QUO-0002');
    const list = await c.get('/api/quotes');
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((list.json as Quote[]).map((r) => r.id)).toEqual([second.id, q.id]);
    expect(list.json[0]).not.toHaveProperty('items');
    const searched = await c.get('/api/quotes?search=quo-0001');
    expect((searched.json as Quote[]).map((r) => r.id)).toEqual([q.id]);
    expect((await c.get('/api/quotes?status=sent')).headers.get('x-total-count')).toBe('0');
    const cursor = await c.get('/api/quotes?pagination=cursor&limit=1');
    expect(cursor.headers.get('x-has-more')).toBe('true');

    const put = await c.put(`/api/quotes/${q.id}`, quoteBody(cust.id, { items: [{ description: 'Only', quantity: '1', rate: '10' }] }));
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ quoteNumber: 'QUO-0001', subtotal: '10.00', taxAmount: '0.00', total: '10.00', notes: null });
    // PATCH (the public API's update): only the fields sent change, the lines stay.
    const patched = await c.patch(`/api/quotes/${q.id}`, { notes: 'Patched', shippingAmount: '5' });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ notes: 'Patched', subtotal: '10.00', shippingAmount: '5.00', total: '15.00' });
    expect((patched.json as Quote).items!.map((i) => i.description)).toEqual(['Only']);
    expect((await c.patch(`/api/quotes/${q.id}`, { validUntil: 'never' })).json.issues).toEqual([
      { path: 'validUntil', message: 'Date must be a valid date (YYYY-MM-DD)' },
    ]);
    expect(await eventsOf(stack, QuoteEvents.Created, q.id)).toHaveLength(1);
    expect(await eventsOf(stack, QuoteEvents.Updated, q.id)).toHaveLength(2);

    expect((await c.delete(`/api/quotes/${q.id}`)).status).toBe(204);
    expect((await c.get(`/api/quotes/${q.id}`)).status).toBe(404);
    expect(await eventsOf(stack, QuoteEvents.Deleted, q.id)).toHaveLength(1);
  });

  it('numbers 100 concurrent creates QUO-0001…QUO-0100; a rolled-back create uses no number', async () => {
    const c = stack.client();
    const me = await c.register();
    const cust = await makeCustomer(c);
    const made = await Promise.all(Array.from({ length: 100 }, () => c.post('/api/quotes', quoteBody(cust.id))));
    expect(made.map((r) => r.status)).toEqual(made.map(() => 201));
    expect(made.map((r) => (r.json as Quote).quoteNumber).sort()).toEqual(numbers(1, 100));
    // A template that is not the tenant's fails inside the transaction, after the number was claimed: rolled back.
    const bad = await c.post('/api/quotes', quoteBody(cust.id, { quote: { templateId: 999_999 } }));
    expect(bad.status).toBe(400);
    expect(bad.json.issues).toEqual([{ path: 'quote.templateId', message: 'Template not found' }]);
    expect((await makeQuote(c, cust.id)).quoteNumber).toBe('QUO-0101');
    const { rows } = await stack.db.query(`select count(*)::int as n from billing.quotes where tenant_id = $1`, [me.organization.id]);
    expect(rows[0]!.n).toBe(101);
  });

  it('takes the quote prefix of the organization settings; the sequence continues under it', async () => {
    const c = stack.client();
    const me = await c.register();
    const cust = await makeCustomer(c);
    expect((await makeQuote(c, cust.id)).quoteNumber).toBe('QUO-0001');
    const saved = await c.post('/api/organization-settings', { companyName: 'Offer Co', quotePrefix: 'OFFER' });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ quotePrefix: 'OFFER', invoicePrefix: 'INV' });
    await waitFor(
      async () =>
        (
          await stack.db.query(`select 1 from billing.document_sequences where tenant_id = $1 and kind = 'quote' and prefix = 'OFFER'`, [
            me.organization.id,
          ])
        ).rowCount === 1,
    );
    expect((await makeQuote(c, cust.id)).quoteNumber).toBe('OFFER-0002');
    const bad = await c.post('/api/organization-settings', { companyName: 'Offer Co', quotePrefix: 'no spaces' });
    expect(bad.status).toBe(400);
    expect(bad.json.issues).toEqual([{ path: 'quotePrefix', message: 'Quote prefix must be 1–12 letters, digits, - or _' }]);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const cases: [unknown, string, string][] = [
      [
        { quote: { customerId: cust.id }, items: [{ description: 'x', quantity: 1, rate: 1 }] },
        'quote.validUntil',
        'Valid until is required',
      ],
      [quoteBody(cust.id, { quote: { validUntil: 'soon' } }), 'quote.validUntil', 'Date must be a valid date (YYYY-MM-DD)'],
      [
        quoteBody(cust.id, { quote: { issueDate: inDays(5), validUntil: inDays(1) } }),
        'quote.validUntil',
        'Valid until cannot be before the issue date',
      ],
      [quoteBody(cust.id, { items: [] }), 'items', 'At least one item is required'],
      [quoteBody(cust.id, { items: [{ description: '', quantity: '1', rate: '1' }] }), 'items.0.description', 'Description is required'],
      [quoteBody(cust.id, { items: [{ description: 'x', quantity: '1', rate: '-1' }] }), 'items.0.rate', 'Rate must be at least 0'],
      [quoteBody(cust.id, { quote: { discountAmount: '500' } }), 'quote.discountAmount', 'Discount cannot be more than the quote amount'],
      [quoteBody(987_654), 'quote.customerId', 'Customer not found'],
      [{ ...quoteBody(cust.id), extra: 1 }, 'extra', 'Unknown field: extra'],
    ];
    for (const [body, path, message] of cases) {
      const res = await c.post('/api/quotes', body);
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.json.issues, res.text).toContainEqual({ path, message });
    }
    expect((await c.get('/api/quotes')).headers.get('x-total-count')).toBe('0');
  });

  it('sends the customer an e-mail with the public link; the public page, a view, an acceptance recorded', async () => {
    const c = stack.client();
    await c.register({ organizationName: 'Quoting Co' });
    const cust = await makeCustomer(c, { name: 'Grace Hopper', email: 'grace@navy.test' });
    const q = await makeQuote(c, cust.id);
    const anon = stack.client();
    // A draft is not public yet: the same 404 as a token nobody has.
    expect((await anon.get(`/api/quotes/${q.publicToken}/public`)).status).toBe(404);
    const sent = await c.post(`/api/quotes/${q.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ status: 'sent' });
    const dir = (stack.billing.ctx.config as { MAIL_OUTBOX_DIR?: string }).MAIL_OUTBOX_DIR!;
    const eml = readdirSync(dir)
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
      .find((m) => m.includes('To: grace@navy.test'));
    expect(eml).toContain(`Subject: Quote ${q.quoteNumber} from Quoting Co`);
    expect(eml!.replace(/=\r?\n/g, '')).toContain(`/quote/${q.publicToken}`);
    expect(eml).toContain(`filename=quote-${q.quoteNumber}.pdf`);
    expect(await eventsOf(stack, QuoteEvents.Sent, q.id)).toHaveLength(1);

    const view = await anon.get(`/api/quotes/${q.publicToken}/public`);
    expect(view.status).toBe(200);
    const page = view.json as PublicQuote;
    expect(page).toMatchObject({ id: q.publicToken, quoteNumber: q.quoteNumber, status: 'viewed', total: '201.00', canRespond: true });
    expect(page.seller.name).toBe('Quoting Co');
    expect(JSON.stringify(page)).not.toContain(String(cust.id) + ',');
    // Resend keeps viewed; sentAt stays the first send.
    expect((await c.post(`/api/quotes/${q.id}/send`)).json).toMatchObject({ status: 'viewed', sentAt: sent.json.sentAt });

    // Edited while viewed: it stays viewed (the customer sees the new version); it cannot be deleted while out.
    const edited = await c.put(
      `/api/quotes/${q.id}`,
      quoteBody(cust.id, { items: [{ description: 'Revised', quantity: '2', rate: '100.50' }] }),
    );
    expect(edited.json).toMatchObject({ status: 'viewed', total: '201.00' });
    const del = await c.delete(`/api/quotes/${q.id}`);
    expect(del.status).toBe(409);
    expect(del.json.message).toBe(`Quote ${q.quoteNumber} is viewed; only draft, declined or expired quotes can be deleted`);

    expect((await anon.post(`/api/quotes/${q.publicToken}/accept`, { name: '' })).json.issues).toEqual([
      { path: 'name', message: 'Your name is required' },
    ]);
    const accepted = await anon.post(
      `/api/quotes/${q.publicToken}/accept`,
      { name: 'Grace Hopper' },
      {
        'user-agent': 'QuoteTest/1.0',
        'bp-client-ip': '203.0.113.66', // a client cannot choose the recorded address: the gateway sets it
      },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ status: 'accepted', acceptedByName: 'Grace Hopper', canRespond: false });
    const got = (await c.get(`/api/quotes/${q.id}`)).json as Quote;
    expect(got.acceptedBy).toMatchObject({ name: 'Grace Hopper', userAgent: 'QuoteTest/1.0' });
    expect(got.acceptedBy!.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(got.acceptedBy!.ip).not.toContain('203.0.113.66');
    expect(got.acceptedAt).not.toBeNull();
    expect(await eventsOf(stack, QuoteEvents.Accepted, q.id)).toHaveLength(1);
    // Answered once: a second answer is a 409 saying why; the accepted quote can neither be edited nor deleted.
    const again = await anon.post(`/api/quotes/${q.publicToken}/decline`, { reason: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(`Quote ${q.quoteNumber} has already been accepted`);
    expect((await c.put(`/api/quotes/${q.id}`, quoteBody(cust.id))).status).toBe(409);
    expect((await c.delete(`/api/quotes/${q.id}`)).status).toBe(409);
  });

  it('declines with a reason; foreign and unknown tokens are the same 404; past validUntil is a 409', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const anon = stack.client();
    const q = await sentQuote(c, cust.id);
    const declined = await anon.post(`/api/quotes/${q.publicToken}/decline`, { reason: 'Too expensive' });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ status: 'declined', declineReason: 'Too expensive' });
    expect(await eventsOf(stack, QuoteEvents.Declined, q.id)).toHaveLength(1);

    for (const token of ['no-such-token-0123456789abcdef', 'x', q.publicToken!.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'))]) {
      for (const [method, path] of [
        ['get', 'public'],
        ['post', 'accept'],
        ['post', 'decline'],
      ] as const) {
        const res =
          method === 'get'
            ? await anon.get(`/api/quotes/${token}/${path}`)
            : await anon.post(`/api/quotes/${token}/${path}`, { name: 'X' });
        expect(res.status, `${method} ${path} ${token}`).toBe(404);
        expect(res.json.message).toBe('Quote not found');
      }
    }
    // Another tenant's signed-in user cannot read it by id either.
    const other = stack.client();
    await other.register();
    expect((await other.get(`/api/quotes/${q.id}`)).status).toBe(404);

    const late = await sentQuote(c, cust.id, { quote: { issueDate: inDays(-10), validUntil: inDays(-1) } });
    const refused = await anon.post(`/api/quotes/${late.publicToken}/accept`, { name: 'Late Larry' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`Quote ${late.quoteNumber} expired on ${inDays(-1)} and can no longer be accepted or declined`);
    expect(((await anon.get(`/api/quotes/${late.publicToken}/public`)).json as PublicQuote).canRespond).toBe(false);
  });

  it("records the customer's answer given elsewhere, by id and through an API key, under the public page's rules", async () => {
    const o = await organization(stack);
    const api = apiClient(stack, (await o.makeKey({ permissions: ['invoices:read', 'invoices:write'] })).actualKey);
    const cust = await makeCustomer(o.admin, { name: 'Barbara Liskov', email: 'barbara@mit.test' });
    const draft = await makeQuote(o.admin, cust.id);
    // A draft was never offered: nothing to answer yet.
    const early = await api.post(`/api/v1/quotes/${draft.id}/accept`, { name: 'Barbara Liskov' });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({
      code: 'resource_state_invalid',
      message: `Quote ${draft.quoteNumber} is a draft: send it before recording the customer's answer`,
    });
    expect((await api.post(`/api/v1/quotes/${draft.id}/accept`, { name: ' ' })).json).toMatchObject({
      code: 'parameter_invalid',
      param: 'name',
    });

    const q = await sentQuote(o.admin, cust.id);
    const accepted = await api.post(`/api/v1/quotes/${q.id}/accept`, { name: 'Barbara Liskov' }, { 'user-agent': 'Integrator/2.0' });
    // The integrator's browser and address are not the customer's: none is recorded.
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({
      id: q.id,
      status: 'accepted',
      acceptedBy: { name: 'Barbara Liskov', userAgent: null, ip: null },
    });
    expect(accepted.json.acceptedAt).not.toBeNull();
    const events = await eventsOf(stack, QuoteEvents.Accepted, q.id);
    expect(events).toHaveLength(1);
    const [actor] = (
      await stack.db.query<{ actor: string | null }>(
        `select payload ->> 'actorId' as actor from billing.outbox where subject = $1 and payload -> 'data' ->> 'id' = $2`,
        [QuoteEvents.Accepted, String(q.id)],
      )
    ).rows;
    expect(actor!.actor).toMatch(/^api-key:/); // who recorded it on the customer's behalf
    // Answered once, whoever answers next: the customer's own page and the API alike.
    expect((await api.post(`/api/v1/quotes/${q.id}/decline`, {})).json.message).toBe(`Quote ${q.quoteNumber} has already been accepted`);
    expect((await stack.client().post(`/api/quotes/${q.publicToken}/decline`, {})).status).toBe(409);
    // An accepted quote converts as the page's acceptance would let it.
    expect((await api.post(`/api/v1/quotes/${q.id}/convert`)).status).toBe(200);

    // Declined by a signed-in member, with the reason; an expired quote is refused as on the page.
    const other = await sentQuote(o.admin, cust.id);
    const declined = await o.admin.post(`/api/quotes/${other.id}/mark-declined`, { reason: 'Budget cut' });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ status: 'declined', declineReason: 'Budget cut' });
    expect(await eventsOf(stack, QuoteEvents.Declined, other.id)).toHaveLength(1);
    const late = await sentQuote(o.admin, cust.id, { quote: { issueDate: inDays(-10), validUntil: inDays(-1) } });
    const refused = await api.post(`/api/v1/quotes/${late.id}/accept`, { name: 'Late Larry' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`Quote ${late.quoteNumber} expired on ${inDays(-1)} and can no longer be accepted or declined`);
    expect(((await api.get(`/api/v1/quotes/${late.id}`)).json as Quote).status).toBe('sent');

    // Another organization's key and member see no such quote.
    const stranger = await organization(stack);
    const strangerApi = apiClient(stack, (await stranger.makeKey({ permissions: ['invoices:write'] })).actualKey);
    expect((await strangerApi.post(`/api/v1/quotes/${late.id}/decline`, {})).status).toBe(404);
    expect((await stranger.admin.post(`/api/quotes/${late.id}/mark-accepted`, { name: 'Mallory' })).status).toBe(404);
    expect(((await api.get(`/api/v1/quotes/${late.id}`)).json as Quote).status).toBe('sent');
  });

  it('expires sent and viewed quotes past validUntil once, with one event each', async () => {
    const c = stack.client();
    await c.register();
    const cust = await makeCustomer(c);
    const past = await sentQuote(c, cust.id, { quote: { issueDate: inDays(-10), validUntil: inDays(-1) } });
    const open = await sentQuote(c, cust.id, { quote: { validUntil: today() } });
    const draft = await makeQuote(c, cust.id, { quote: { issueDate: inDays(-10), validUntil: inDays(-1) } });
    const ctx = stack.billing.ctx;
    const [a, b] = await Promise.all([runQuoteExpiryJob(ctx), runQuoteExpiryJob(ctx)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await runQuoteExpiryJob(ctx)).toBe(0);
    expect(((await c.get(`/api/quotes/${past.id}`)).json as Quote).status).toBe('expired');
    expect(((await c.get(`/api/quotes/${open.id}`)).json as Quote).status).toBe('sent');
    expect(((await c.get(`/api/quotes/${draft.id}`)).json as Quote).status).toBe('draft');
    expect(await eventsOf(stack, QuoteEvents.Expired, past.id)).toHaveLength(1);
    // An expired quote can be deleted, not sent.
    expect((await c.post(`/api/quotes/${past.id}/send`)).status).toBe(409);
    expect((await c.delete(`/api/quotes/${past.id}`)).status).toBe(204);
  });
});
