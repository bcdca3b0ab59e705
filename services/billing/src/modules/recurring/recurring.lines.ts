import { computeInvoice, MAX_MONEY_MILLS, toMills, type RecurringInput } from '@billpoint/proto';
import { Invalid, type ServiceContext } from '@billpoint/kit';
import { resolveLineTax, taxRoundingOf } from '../invoice/invoice.tax.ts';

/**
 * A line's tax rounded on its own in SQL: amount × percentage ÷ 100 to the cent, half away from zero (= half up,
 * amounts are never negative). Postgres' numeric `round(x, 2)` rounds half away from zero; `× 0.01` rather than `÷ 100`
 * keeps the product exact (numeric division may round first, at a scale that shrinks as the quotient grows — a double
 * rounding on large amounts). `rate` null: untaxed.
 */
export const lineTaxSql = (amount: string, rate: string) => `round(${amount} * coalesce(${rate}, 0) * 0.01, 2)`;

/**
 * The tax of every line of the schedules `rids` (a SQL set of recurring invoice ids) as the tax engine computes it for
 * an invoice with those lines and no discount or shipping: under the organization's `per_rate` rounding, each rate's
 * tax is Σ amounts × rate rounded once and shared among its lines by largest remainder in cents (ties to the earlier
 * position); under `per_line`, each line rounded on its own. Two CTEs; `taxed` has the schedule's items with `rid` and
 * `tax`. Computed once per schedule of a batch, never per period.
 */
export const SCHEDULE_LINE_TAX_CTES = (rids: string) => `rated as (
       select it.*, it.recurring_invoice_id as rid, coalesce(it.tax_rate, 0) as pct,
              coalesce((select o.tax_rounding from billing.organizations o where o.tenant_id = it.tenant_id), 'per_rate') as rounding,
              (it.amount * 100)::numeric as a_c,
              (sum(it.amount) over g * 100)::numeric as s_c,
              round(sum(it.amount) over g * coalesce(it.tax_rate, 0) * 0.01, 2) * 100 as g_c
         from billing.recurring_items it
        where it.recurring_invoice_id in ${rids}
       window g as (partition by it.recurring_invoice_id, coalesce(it.tax_rate, 0))
     ), floored as (
       select r.*, case when r.s_c > 0 then floor(r.g_c * r.a_c / r.s_c) else 0 end as f_c,
              case when r.s_c > 0 then r.g_c * r.a_c - floor(r.g_c * r.a_c / r.s_c) * r.s_c else 0 end as rem
         from rated r
     ), taxed as (
       select f.*, case when f.rounding = 'per_line' then ${lineTaxSql('f.amount', 'f.tax_rate')}
                   else (f.f_c + case when row_number() over w <= f.g_c - sum(f.f_c) over (partition by f.rid, f.pct) then 1 else 0 end) * 0.01
                   end as tax
         from floored f
       window w as (partition by f.rid, f.pct order by f.rem desc, f.position)
     )`;

/**
 * The lines of a schedule as stored, and its total: each line's tax rate (one of the tenant's, checked with the tax
 * service as invoice lines are — resolveLineTax — in force on `taxDate`, the next date the schedule bills) with its
 * percentage, name and type; amounts, tax and total by the invoice arithmetic (computeInvoice): the total is what
 * each generated invoice comes to.
 */
export async function scheduleLines(ctx: ServiceContext, tenantId: string, input: RecurringInput, taxDate: string) {
  const taxed = await resolveLineTax(ctx, tenantId, taxDate, input.items, undefined, "the subscription's next invoice date");
  const f = computeInvoice(
    taxed.map((it) => ({ quantity: it.quantity, rate: it.unitPrice, taxRate: it.taxRate ?? '0' })),
    { currency: input.currency, rounding: await taxRoundingOf(ctx, tenantId) },
  );
  const items = taxed.map((it, i) => {
    const line = f.lines[i]!;
    if (toMills(line.amount) > MAX_MONEY_MILLS) throw new Invalid('Amount is too large', `items.${i}.unitPrice`);
    return {
      position: i,
      product_id: it.productId ?? null,
      description: it.description,
      quantity: it.quantity,
      unit_price: it.unitPrice,
      amount: line.amount,
      tax_rate_id: it.taxRateId,
      tax_rate: it.taxRateId == null ? null : line.taxRate,
      tax_rate_name: it.taxRateName,
      tax_type: it.taxType,
    };
  });
  if (toMills(f.subtotal) > MAX_MONEY_MILLS) throw new Invalid('Total is too large', 'items');
  if (toMills(f.total) > MAX_MONEY_MILLS) throw new Invalid('Total with tax is too large', 'items');
  return { items, total: f.total };
}
