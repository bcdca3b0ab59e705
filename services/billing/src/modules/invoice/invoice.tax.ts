import { TaxRatesGetRpc, type InvoiceItem, type TaxRate, type TaxRounding } from '@billpoint/proto';
import { Invalid, rpcCall, type ServiceContext } from '@billpoint/kit';

/** How long an invoice write waits for the tax service before answering 503 (the kit's ServiceUnavailable). */
export const TAX_RPC_TIMEOUT_MS = 5_000;

/** What a line is taxed at: its percentage and, when it names one of the tenant's tax rates, that rate as it was. */
export interface LineTax {
  taxRate?: string | null;
  taxRateId: number | null;
  taxRateName: string | null;
  taxType: string | null;
}

type ItemIn = { taxRate?: string | null; taxRateId?: number | null };

/** Why a rate cannot tax an invoice issued on `issueDate`, or null when it can. */
export function rateRefusal(rate: TaxRate | undefined, issueDate: string, dateName = "the invoice's issue date"): string | null {
  if (!rate) return 'Tax rate not found';
  if (!rate.isActive) return `Tax rate "${rate.name}" is not active`;
  if (issueDate < rate.startDate) return `Tax rate "${rate.name}" applies from ${rate.startDate}, after ${dateName} (${issueDate})`;
  if (rate.endDate && issueDate > rate.endDate)
    return `Tax rate "${rate.name}" ended on ${rate.endDate}, before ${dateName} (${issueDate})`;
  return null;
}

/**
 * Resolves each line's tax. A line naming a tax rate is checked with the tax service (`rpc.tax.tax-rate.get`, all
 * distinct ids in one request): the rate must be the tenant's, active (not deleted) and valid on the issue date
 * (startDate ≤ issueDate ≤ endDate), else a 400 naming `items.N.taxRateId`; the line's percentage becomes the rate's
 * (a percentage sent with it is ignored) and its name and type are kept with the line. A line without a rate keeps
 * its own percentage (or the invoice's) exactly as before. No answer from tax: 503 (rpcCall), nothing written.
 *
 * `kept`: rates the invoice already carries and that need no new check (an edit that keeps the issue date): such a
 * line keeps the percentage, name and type it was stored with, even if the rate was changed or deleted since.
 * `dateName`: what `issueDate` is, in the refusal's words (a schedule checks its next invoice date).
 */
export async function resolveLineTax<T extends ItemIn>(
  ctx: ServiceContext,
  tenantId: string,
  issueDate: string,
  items: readonly T[],
  kept: ReadonlyMap<number, Pick<InvoiceItem, 'taxRate' | 'taxRateName' | 'taxType'>> = new Map(),
  dateName?: string,
): Promise<(T & LineTax)[]> {
  const ids = [...new Set(items.map((it) => it.taxRateId).filter((id): id is number => id != null && !kept.has(id)))];
  const rates = ids.length ? await rpcCall(ctx.bus, TaxRatesGetRpc, { tenantId, ids }, { timeoutMs: TAX_RPC_TIMEOUT_MS }) : [];
  const byId = new Map(rates.map((r) => [r.id, r]));
  return items.map((it, i) => {
    const id = it.taxRateId ?? null;
    if (id == null) return { ...it, taxRateId: null, taxRateName: null, taxType: null };
    const stored = kept.get(id);
    if (stored) return { ...it, taxRateId: id, taxRate: stored.taxRate, taxRateName: stored.taxRateName, taxType: stored.taxType };
    const rate = byId.get(id);
    const refusal = rateRefusal(rate, issueDate, dateName);
    if (refusal) throw new Invalid(refusal, `items.${i}.taxRateId`);
    return { ...it, taxRateId: id, taxRate: rate!.rate, taxRateName: rate!.name, taxType: rate!.type };
  });
}

/** How the organization rounds VAT on new documents (its settings as billing keeps them; per rate until said). */
export async function taxRoundingOf(ctx: ServiceContext, tenantId: string): Promise<TaxRounding> {
  const [row] = await ctx.reader.query<{ rounding: TaxRounding }>(
    tenantId,
    `select coalesce((select tax_rounding from billing.organizations where tenant_id = $1), 'per_rate') as rounding`,
    [tenantId],
    { prepare: true }, // once per document created or changed: a fixed text, planned once per connection
  );
  return row?.rounding ?? 'per_rate';
}
