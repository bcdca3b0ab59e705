import type { FastifyInstance } from 'fastify';
import {
  BillingExchangeRateRpc,
  BillingExchangeRatesRpc,
  ExchangeRateParams,
  ExchangeRatePutBody,
  ExchangeRatesQuery,
} from '@billpoint/proto';
import { rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import { rateOn, ratesBetween, ratesOn, setManualRate, todayUtc } from './exchange-rate.sql.ts';

/** Exchange rates: read by every member, a manual rate set by managers and admins. */
export function exchangeRateRoutes(app: FastifyInstance, ctx: ServiceContext) {
  app.get(
    '/api/exchange-rates',
    { config: { permission: 'exchange-rates.read', contract: { query: ExchangeRatesQuery } } },
    async (req) => {
      const q = ExchangeRatesQuery.parse(req.query ?? {});
      return ratesOn(ctx, req.identity.tenantId, q.date ?? todayUtc());
    },
  );

  app.put(
    '/api/exchange-rates/:currency',
    { config: { permission: 'exchange-rates.manage', contract: { params: ExchangeRateParams, body: ExchangeRatePutBody } } },
    async (req) => {
      const { currency } = ExchangeRateParams.parse(req.params);
      return setManualRate(ctx, req.identity, currency, ExchangeRatePutBody.parse(req.body ?? {}));
    },
  );
}

/** `rpc.billing.exchange-rate`: payments asks the rate of a payment's day. */
export function exchangeRateResponder(ctx: ServiceContext): Promise<Subscription> {
  return rpcRespond(
    ctx.bus,
    BillingExchangeRateRpc,
    (req) => ctx.tx({ tenantId: req.tenantId }, (em) => rateOn(em, req.tenantId, req.currency, req.date.slice(0, 10))),
    { logger: ctx.logger },
  );
}

/** `rpc.billing.exchange-rates`: tax converts a period's figures into the base currency day by day. */
export function exchangeRatesResponder(ctx: ServiceContext): Promise<Subscription> {
  return rpcRespond(
    ctx.bus,
    BillingExchangeRatesRpc,
    (req) => ctx.tx({ tenantId: req.tenantId }, (em) => ratesBetween(em, req.tenantId, req.currency, req.from, req.to)),
    { logger: ctx.logger },
  );
}
