import { TaxRatesGetRpc } from '@billpoint/proto';
import { rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import type { TaxRateService } from './tax-rate.service.ts';

/**
 * `rpc.tax.tax-rate.get`: billing checks the tax rates named on an invoice's lines — all of them in one request and
 * one query: those ids that are this tenant's rates (a deleted one answered with `isActive: false`).
 */
export function taxRateResponder(ctx: ServiceContext, rates: TaxRateService): Promise<Subscription> {
  return rpcRespond(ctx.bus, TaxRatesGetRpc, ({ tenantId, ids }) => rates.byIds(tenantId, ids), { logger: ctx.logger });
}
