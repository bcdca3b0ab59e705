import { fromMills, inBase, toMills, type PaymentEventData } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';
import { Accounts } from './accounts.ts';
import { postEntry } from './journal.ts';

/**
 * The realised exchange gain or loss of a payment: the invoice was booked at its rate, the money came at
 * the rate of the payment's day, so the same amount is worth more (a gain) or less (a loss) in the base currency —
 * amount × payment rate − amount × invoice rate, each rounded to the cent. Posted once per payment
 * (`payment:<id>:fx`), dated its payment date, in the base currency: a gain Dr Cash / Cr Realised Exchange Gains, a
 * loss Dr Realised Exchange Losses / Cr Cash. Nothing for a payment in the base currency, at the invoice's rate, or
 * from an event that does not say the invoice's rate.
 */
export async function postExchangeDifference(
  em: EntityManager,
  tenantId: string,
  p: PaymentEventData,
  o: { base: string; date: string; eventId: string },
): Promise<void> {
  if (!p.invoiceExchangeRate || p.currency === o.base) return;
  const cents = toMills(inBase(p.amount, p.exchangeRate)) - toMills(inBase(p.amount, p.invoiceExchangeRate));
  if (cents === 0n) return;
  const key = `payment:${p.id}:fx`;
  const [done] = await em.execute<unknown[]>(`select 1 from tax.journal_entries where tenant_id = ? and source_key = ?`, [tenantId, key]);
  if (done) return;
  const amount = fromMills(cents < 0n ? -cents : cents);
  const gain = cents > 0n;
  await postEntry(
    em,
    tenantId,
    {
      date: o.date,
      currency: o.base,
      description: `Realised exchange ${gain ? 'gain' : 'loss'} on a payment for invoice ${p.invoiceNumber} (${p.currency} at ${p.exchangeRate}, invoiced at ${p.invoiceExchangeRate})`,
      reference: p.invoiceNumber,
      lines: gain
        ? [
            { account: Accounts.cash, debit: amount },
            { account: Accounts.exchangeGains, credit: amount },
          ]
        : [
            { account: Accounts.exchangeLosses, debit: amount },
            { account: Accounts.cash, credit: amount },
          ],
    },
    { sourceKey: key, sourceEventId: o.eventId },
  );
}
