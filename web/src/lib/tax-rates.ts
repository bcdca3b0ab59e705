import { queryOptions } from '@tanstack/react-query';
import { toScaled, type TaxRate } from '@billpoint/proto';
import { api } from './api-client';

/**
 * Tax rate calls more than one feature uses: the tax screens and the invoice lines' tax picker. One key family
 * (['tax-rates']), so a rate added, edited or deleted on the tax screens refreshes the picker too.
 */
export const taxRateKeys = {
  all: ['tax-rates'] as const,
};

/** GET /api/tax-rates (`taxRates[]`): every rate of the tenant, inactive ones included. */
export const getTaxRates = async (signal?: AbortSignal) => (await api.get<{ taxRates: TaxRate[] }>('/api/tax-rates', { signal })).taxRates;

export const taxRatesQueryOptions = () => queryOptions({ queryKey: taxRateKeys.all, queryFn: ({ signal }) => getTaxRates(signal) });

/** The rates a line can be taxed at on an invoice issued on `issueDate` (yyyy-mm-dd): active and in force then, by name. */
export function usableTaxRates(rates: readonly TaxRate[], issueDate: string): TaxRate[] {
  return rates
    .filter((r) => r.isActive && r.startDate <= issueDate && (!r.endDate || issueDate <= r.endDate))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** The first usable rate whose percentage equals `percent` exactly (a product's tax rate), if any. */
export function rateForPercent(rates: readonly TaxRate[], percent: string | number | null | undefined): TaxRate | undefined {
  try {
    const wanted = toScaled(String(percent ?? ''), 3);
    return wanted > 0n ? rates.find((r) => toScaled(r.rate, 3) === wanted) : undefined;
  } catch {
    return undefined;
  }
}
