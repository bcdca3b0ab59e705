import type { FastifyInstance } from 'fastify';
import { BillingCustomerCreditRpc, IdParams, type CustomerCredit } from '@billpoint/proto';
import { rpcCall, type ServiceContext } from '@billpoint/kit';
import { CustomerService } from './customer.service.ts';

/**
 * GET /api/customers/{id}/credit: the customer's credit from credit notes — balances per currency and the
 * ledger's movements. Billing keeps the ledger; the customer is found here first (the same 404 as GET /customers/{id}
 * for an unknown or another organization's customer), then billing is asked (rpc.billing.customer-credit.get).
 */
export function customerCreditRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const customers = new CustomerService(ctx);
  app.get(
    '/api/customers/:id/credit',
    { config: { permission: 'customers.read', contract: { params: IdParams } } },
    async (req): Promise<CustomerCredit> => {
      const customer = await customers.get(req.identity, IdParams.parse(req.params).id);
      return rpcCall(ctx.bus, BillingCustomerCreditRpc, { tenantId: req.identity.tenantId, customerId: customer.id }, { timeoutMs: 5_000 });
    },
  );
}
