import type { FastifyInstance } from 'fastify';
import {
  PortalPaymentBody,
  PortalPaymentConfirmBody,
  PortalPaymentParams,
  type PortalPayment,
  type PortalPaymentConfirmation,
} from '@billpoint/proto';
import { NotFound, portalCustomerId, type Identity, type ServiceContext } from '@billpoint/kit';
import { confirmPortalPayment } from './portal-payment.confirm.ts';
import { openPortalPayment, type PortalCaller, type Processors } from './portal-payment.open.ts';
import { findPortalPayment, toPortalPayment } from './portal-payment.sql.ts';

const callerOf = (identity: Identity): PortalCaller => ({ tenantId: identity.tenantId, customerId: portalCustomerId(identity) });

/** The portal's pay-several: only a customer signed in to the portal, only that customer's invoices. */
export function portalPaymentRoutes(app: FastifyInstance, ctx: ServiceContext, p: Processors) {
  app.post(
    '/api/portal/payments',
    { config: { permission: 'portal', contract: { body: PortalPaymentBody } } },
    async (req, reply): Promise<PortalPayment> =>
      reply.status(201).send(await openPortalPayment(ctx, p, callerOf(req.identity), PortalPaymentBody.parse(req.body ?? {}))),
  );

  app.post(
    '/api/portal/payments/:id/confirm',
    { config: { permission: 'portal', contract: { params: PortalPaymentParams, body: PortalPaymentConfirmBody } } },
    async (req): Promise<PortalPaymentConfirmation> => {
      const { id } = PortalPaymentParams.parse(req.params);
      const { cardNumber } = PortalPaymentConfirmBody.parse(req.body ?? {});
      return confirmPortalPayment(ctx, p, callerOf(req.identity), id, cardNumber);
    },
  );

  app.get(
    '/api/portal/payments/:id',
    { config: { permission: 'portal', contract: { params: PortalPaymentParams } } },
    async (req): Promise<PortalPayment> => {
      const { id } = PortalPaymentParams.parse(req.params);
      const caller = callerOf(req.identity);
      const row = await ctx.tx({ tenantId: caller.tenantId }, (em) =>
        findPortalPayment(em, caller.tenantId, id, { customerId: caller.customerId }),
      );
      if (!row) throw new NotFound('Payment not found');
      return toPortalPayment(row);
    },
  );
}
