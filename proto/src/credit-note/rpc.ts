import { z } from 'zod';
import { defineRpc } from '../rpc.ts';
import { CustomerCredit } from './model.ts';

/**
 * { tenantId, customerId } → the customer's credit (balances per currency and ledger entries, billing's). The
 * customers service answers GET /api/customers/{id}/credit with it, after finding the customer (404 otherwise).
 */
export const BillingCustomerCreditRpc = defineRpc({
  subject: 'rpc.billing.customer-credit.get',
  service: 'billing',
  request: z.object({ tenantId: z.uuid(), customerId: z.number().int().positive() }),
  response: CustomerCredit,
});
