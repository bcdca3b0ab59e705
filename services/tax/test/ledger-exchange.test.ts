import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceEvents, PaymentEvents } from '@billpoint/proto';
import { entries, invoice, payment, startLedgerStack, unbalanced, type LedgerStack } from './ledger-support.ts';

let s: LedgerStack;
beforeAll(async () => {
  s = await startLedgerStack();
});
afterAll(() => s?.close());
afterAll(async () => {
  if (s) expect(await unbalanced(s.db)).toEqual([]);
});

/** The realised exchange gain or loss entries of a tenant: key, date, currency, lines. */
async function fx(t: string) {
  const currency = new Map(
    (
      await s.db.query<{ key: string; currency: string }>(
        `select source_key as key, currency from tax.journal_entries where tenant_id = $1`,
        [t],
      )
    ).rows.map((r) => [r.key, r.currency.trim()]),
  );
  return (await entries(s.db, t)).filter((e) => e.key.endsWith(':fx')).map((e) => [e.key, e.date, currency.get(e.key), e.lines]);
}

describe('realised exchange gains and losses', () => {
  it('posts a gain when the payment’s rate is above the invoice’s, a loss below, once per payment, in the base currency', async () => {
    const t = randomUUID();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 30, currency: 'EUR' }));
    // Invoiced at 1.10 (110.00 EUR = 121.00 USD), paid at 1.12: 123.20 USD, a gain of 2.20.
    const up = payment({ invoiceId: 30, currency: 'EUR', exchangeRate: '1.120000', invoiceExchangeRate: '1.100000' });
    await s.publish(PaymentEvents.Completed, t, up);
    await s.publish(PaymentEvents.Completed, t, up); // again: once per payment
    expect(await fx(t)).toEqual([[`payment:${up.id}:fx`, '2026-11-15', 'USD', ['1000 Dr 2.20', '4200 Cr 2.20']]]);

    // 40.00 EUR invoiced at 1.10, paid at 1.05: 42.00 instead of 44.00 USD, a loss of 2.00.
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 31, currency: 'EUR' }));
    const down = payment({ invoiceId: 31, amount: '40.00', currency: 'EUR', exchangeRate: '1.050000', invoiceExchangeRate: '1.100000' });
    await s.publish(PaymentEvents.Completed, t, down);
    expect((await fx(t))[1]).toEqual([`payment:${down.id}:fx`, '2026-11-15', 'USD', ['4250 Dr 2.00', '1000 Cr 2.00']]);
  });

  it('posts nothing at the invoice’s rate, in the base currency, or without the invoice’s rate (older events)', async () => {
    const t = randomUUID();
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 40, currency: 'EUR' }));
    await s.publish(
      PaymentEvents.Completed,
      t,
      payment({ invoiceId: 40, amount: '10.00', currency: 'EUR', exchangeRate: '1.1', invoiceExchangeRate: '1.1' }),
    );
    await s.publish(PaymentEvents.Completed, t, payment({ invoiceId: 40, amount: '10.00', currency: 'EUR', exchangeRate: '1.2' }));
    await s.publish(InvoiceEvents.Sent, t, invoice({ id: 41 }));
    await s.publish(
      PaymentEvents.Completed,
      t,
      payment({ invoiceId: 41, amount: '10.00', exchangeRate: '1.000000', invoiceExchangeRate: '1.000000' }),
    );
    expect(await fx(t)).toEqual([]);
    expect((await entries(s.db, t)).filter((e) => e.key.startsWith('payment:'))).toHaveLength(3);
  });
});
