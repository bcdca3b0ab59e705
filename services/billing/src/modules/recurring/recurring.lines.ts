import { computeInvoice, MAX_MONEY_CENTS, toCents, type RecurringInput } from '@billpoint/proto';
import { Invalid, type ServiceContext } from '@billpoint/kit';
import { resolveLineTax } from '../invoice/invoice.tax.ts';

/**
 * A line's tax in SQL, exactly as proto's percentOf (computeInvoice) computes it: amount × percentage ÷ 100 to the
 * cent, half away from zero (= half up, amounts are never negative). Postgres' numeric `round(x, 2)` rounds half away
 * from zero; `× 0.01` rather than `÷ 100` keeps the product exact (numeric division may round first, at a scale that
 * shrinks as the quotient grows — a double rounding on large amounts). `rate` null: untaxed.
 */
export const lineTaxSql = (amount: string, rate: string) => `round(${amount} * coalesce(${rate}, 0) * 0.01, 2)`;

/**
 * The lines of a schedule as stored, and its total: each line's tax rate (one of the tenant's, checked with the tax
 * service as invoice lines are — resolveLineTax — in force on `taxDate`, the next date the schedule bills) with its
 * percentage, name and type; amounts, tax and total by the invoice arithmetic (computeInvoice): the total is what
 * each generated invoice comes to.
 */
export async function scheduleLines(ctx: ServiceContext, tenantId: string, input: RecurringInput, taxDate: string) {
  const taxed = await resolveLineTax(ctx, tenantId, taxDate, input.items, undefined, "the subscription's next invoice date");
  const f = computeInvoice(taxed.map((it) => ({ quantity: it.quantity, rate: it.unitPrice, taxRate: it.taxRate ?? '0' })));
  const items = taxed.map((it, i) => {
    const line = f.lines[i]!;
    if (toCents(line.amount) > MAX_MONEY_CENTS) throw new Invalid('Amount is too large', `items.${i}.unitPrice`);
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
  if (toCents(f.subtotal) > MAX_MONEY_CENTS) throw new Invalid('Total is too large', 'items');
  if (toCents(f.total) > MAX_MONEY_CENTS) throw new Invalid('Total with tax is too large', 'items');
  return { items, total: f.total };
}
