import type { ServiceContext } from '@billpoint/kit';
import { baseCurrencyOf } from '../exchange-rate/exchange-rate.sql.ts';
import { customerReadModel } from './customers.read-model.ts';

/**
 * The currency of a new document (invoice, quote, schedule) that names none: its customer's own currency, else the
 * organization's default currency. The customer comes from billing's copy (asked of the customers service only when
 * the copy has not arrived yet, as every document creation does); a customer copied before currencies were kept has
 * none until its next change, and takes the organization's.
 */
export async function documentCurrency(ctx: ServiceContext, tenantId: string, customerId: number): Promise<string> {
  const customer = await customerReadModel(ctx).get(tenantId, customerId);
  const own = typeof customer?.currency === 'string' ? customer.currency.trim() : '';
  return own || (await baseCurrencyOf(ctx, tenantId));
}
