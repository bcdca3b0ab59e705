import { CustomerCreditChangedData, CustomerCreditEvents, type Customer } from '@billpoint/proto';
import { consumeEvents, type ServiceContext, type Subscription } from '@billpoint/kit';

/**
 * The customers' credit read model (migration 0003): `customer_credit.changed` keeps, per customer and currency, the
 * balance with the highest seq (idempotent: a redelivery or an older change writes nothing).
 */
export async function customerCreditConsumer(ctx: ServiceContext): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'customers-credit',
    subject: CustomerCreditEvents.Changed,
    parse: (data) => CustomerCreditChangedData.parse(data),
    handle: async (event, em) => {
      const d = event.data;
      await em.execute(
        `insert into customers.customer_credits as c (tenant_id, customer_id, currency, balance, seq) values (?, ?, ?, ?, ?)
         on conflict (tenant_id, customer_id, currency) do update set balance = excluded.balance, seq = excluded.seq, updated_at = now()
          where c.seq < excluded.seq`,
        [event.tenantId, d.customerId, d.currency, d.balance, d.seq],
      );
    },
  });
}

/** The non-zero balances of the customer row `c` as a JSON array [{currency, amount}] (a scalar subquery). */
export const CREDIT_BALANCES_SQL = `(select coalesce(json_agg(json_build_object('currency', trim(k.currency), 'amount', k.balance::text)
    order by k.currency), '[]'::json) from customers.customer_credits k
   where k.tenant_id = c.tenant_id and k.customer_id = c.id and k.balance <> 0)`;

/** The customer with its credit: in its own currency ("0.00" when none), and every non-zero balance. */
export const creditOf = (c: Customer, balances: { currency: string; amount: string }[]): Customer => ({
  ...c,
  creditBalance: balances.find((b) => b.currency === c.currency)?.amount ?? '0.00',
  creditBalances: balances,
});

/**
 * The customers with their credit: `creditBalance` in each one's own currency ("0.00" when none) and
 * `creditBalances`, every non-zero balance by currency. One query for the whole page.
 */
export async function withCredit(ctx: ServiceContext, tenantId: string, customers: Customer[]): Promise<Customer[]> {
  if (!customers.length) return customers;
  const rows = await ctx.reader.query<{ customer_id: string; currency: string; balance: string }>(
    tenantId,
    `select customer_id::text as customer_id, currency, balance::text as balance from customers.customer_credits
      where tenant_id = $1 and customer_id = any($2::bigint[]) and balance <> 0 order by customer_id, currency`,
    [tenantId, `{${customers.map((c) => c.id).join(',')}}`],
  );
  const by = new Map<number, { currency: string; amount: string }[]>();
  for (const r of rows) {
    const list = by.get(Number(r.customer_id)) ?? [];
    list.push({ currency: r.currency.trim(), amount: r.balance });
    by.set(Number(r.customer_id), list);
  }
  return customers.map((c) => creditOf(c, by.get(c.id) ?? []));
}
