import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMills, toMills, type Invoice, type Payment, type PublicInvoice } from '@billpoint/proto';
import { HttpClient, waitFor } from '@billpoint/kit/testing';
import { makeCustomer, makeInvoice } from '../../billing/test/support/factories.ts';
import { startKeyedStack, type KeyedStack } from './support/keyed.ts';

/** One way money comes at the invoice: a card intent settled by confirmation, webhook or both; or a payment by hand. */
const Op = fc.record({
  kind: fc.constantFrom('confirm', 'webhook', 'both', 'manual'),
  /** Share of the total, in per mille (at least one cent). */
  share: fc.integer({ min: 50, max: 1000 }),
});
const Scenario = fc.record({ totalCents: fc.integer({ min: 100, max: 50_000 }), ops: fc.array(Op, { minLength: 2, maxLength: 7 }) });

const counted = (p: Payment) => (p.status === 'completed' || p.status === 'refunded' ? toMills(p.amount) - toMills(p.refundedAmount) : 0n);

for (const bus of ['memory', 'nats'] as const) {
  describe(`completed payments never exceed the invoice total (property, ${bus} bus)`, () => {
    let k: KeyedStack;
    let c: HttpClient;
    let customerId: number;
    // The pay page's calls go to the services themselves: the gateway's per-IP limits (20 intents a minute) guard
    // against abuse and are not what is under test here.
    const payer = () => new HttpClient(k.stack.services.payments!.url);
    const reader = () => new HttpClient(k.stack.billing.url);
    beforeAll(async () => {
      k = await startKeyedStack({ bus });
      c = k.stack.client();
      await c.register();
      customerId = (await makeCustomer(c)).id;
    });
    afterAll(() => k?.close());

    it('concurrent intents, confirmations, webhooks and manual payments: the sum, billing and the public page stay within the total', async () => {
      await fc.assert(
        fc.asyncProperty(Scenario, async ({ totalCents, ops }) => {
          const total = fromMills(BigInt(totalCents) * 10n);
          const created = await makeInvoice(c, customerId, {
            items: [{ description: 'Work', quantity: '1', rate: total }],
            status: 'sent',
          });
          const invoice = (await c.get(`/api/invoices/${created.id}`)).json as Invoice;
          const token = invoice.publicToken!;
          const amountOf = (share: number) => fromMills(BigInt(Math.max(1, Math.floor((totalCents * share) / 1000))) * 10n);

          // Every intent is opened while nothing is paid yet (each fits on its own), and the payer's card goes through.
          const intents = await Promise.all(
            ops.map(async (op) => {
              if (op.kind === 'manual') return null;
              const r = await payer().post('/api/create-payment-intent', { invoiceId: token, amount: amountOf(op.share), currency: 'USD' });
              expect(r.status, r.text).toBe(200);
              k.stripe.succeed(r.json.paymentIntentId);
              return r.json.paymentIntentId as string;
            }),
          );
          const within = (amountPaid: string) => expect(toMills(amountPaid) <= toMills(total), `${amountPaid} of ${total}`).toBe(true);
          let firing = true;
          const watcher = (async () => {
            while (firing) {
              within(((await reader().get(`/api/invoices/${token}/public`)).json as PublicInvoice).amountPaid);
              within((await c.get(`/api/invoices/${invoice.id}`)).json.amountPaid);
            }
          })();
          // All at once: confirmations, Stripe's webhooks (some twice) and payments recorded by hand.
          const answers = await Promise.all(
            ops.flatMap((op, i) => {
              const id = intents[i];
              if (op.kind === 'manual')
                return [c.post('/api/payments', { invoiceId: invoice.id, amount: amountOf(op.share), paymentMethod: 'bank_transfer' })];
              const confirm = () => payer().post('/api/confirm-payment', { invoiceId: token, paymentIntentId: id });
              const hook = () => k.deliver(k.webhook('payment_intent.succeeded', k.stripe.intents.get(id!)));
              return op.kind === 'confirm' ? [confirm()] : op.kind === 'webhook' ? [hook()] : [hook(), confirm(), hook()];
            }),
          );
          firing = false;
          await watcher;
          for (const a of answers) expect([200, 201, 400, 409], a.text).toContain(a.status);

          const payments = ((await c.get(`/api/payments?invoiceId=${invoice.id}`)).json as Payment[]).filter(
            (p) => p.paymentProcessor !== null,
          );
          const paid = payments.reduce((sum, p) => sum + counted(p), 0n);
          expect(paid <= toMills(total)).toBe(true);
          // Money Stripe took is never lost: a payment, or an overpayment given back once.
          for (const p of payments.filter((x) => x.paymentProcessor === 'stripe')) {
            expect(['completed', 'overpaid']).toContain(p.status);
            if (p.status === 'overpaid') {
              expect(p.refundedAmount).toBe(p.amount);
              expect(k.stripe.refunds.filter((r) => r.payment_intent === p.transactionId)).toHaveLength(1);
            }
          }
          // Billing converges on exactly what payments counts, never more than the total; so does the public page.
          await waitFor(async () => toMills(((await c.get(`/api/invoices/${invoice.id}`)).json as Invoice).amountPaid) === paid);
          within(((await reader().get(`/api/invoices/${token}/public`)).json as PublicInvoice).amountPaid);
          if (paid === toMills(total)) expect(((await c.get(`/api/invoices/${invoice.id}`)).json as Invoice).status).toBe('paid');
        }),
        { numRuns: 8 },
      );
    });
  });
}
