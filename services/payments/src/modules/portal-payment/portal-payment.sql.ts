import type { PortalPayment } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';

/** One invoice's part of a portal payment: the invoice's balance when the payment was opened. */
export interface Allocation {
  invoiceId: number;
  invoiceNumber: string;
  amount: string;
}

export interface PortalPaymentRow {
  id: string;
  tenant_id: string;
  customer_id: string;
  currency: string;
  total: string;
  status: PortalPayment['status'];
  method: 'card' | 'paypal';
  processor: 'demo' | 'stripe' | 'paypal';
  transaction_id: string | null;
  allocations: Allocation[];
  failure_message: string | null;
  metadata: Record<string, unknown>;
}

export const PORTAL_PAYMENT_COLUMNS = `pp.id::text as id, pp.tenant_id::text as tenant_id, pp.customer_id::text as customer_id,
  pp.currency, pp.total::text as total, pp.status, pp.method, pp.processor, pp.transaction_id, pp.allocations,
  pp.failure_message, pp.metadata`;

/** The portal payment (locked when asked); `customerId` limits it to one customer's (a portal caller's). */
export async function findPortalPayment(
  em: EntityManager,
  tenantId: string,
  id: string,
  o: { customerId?: number; lock?: boolean } = {},
): Promise<PortalPaymentRow | null> {
  const [row] = await em.execute<PortalPaymentRow[]>(
    `select ${PORTAL_PAYMENT_COLUMNS} from payments.portal_payments pp
      where pp.tenant_id = ? and pp.id = ?::uuid and (?::bigint is null or pp.customer_id = ?::bigint)${o.lock ? ' for update' : ''}`,
    [tenantId, id, o.customerId ?? null, o.customerId ?? null],
  );
  return row ?? null;
}

export async function updatePortalPayment(em: EntityManager, tenantId: string, id: string, set: string, params: unknown[]) {
  const [row] = await em.execute<PortalPaymentRow[]>(
    `update payments.portal_payments pp set ${set}, updated_at = now() where pp.tenant_id = ? and pp.id = ?::uuid
      returning ${PORTAL_PAYMENT_COLUMNS}`,
    [...params, tenantId, id],
  );
  return row!;
}

/** The answer of POST /api/portal/payments and GET /api/portal/payments/{id}. */
export const toPortalPayment = (r: PortalPaymentRow, clientSecret: string | null = null): PortalPayment => ({
  id: r.id,
  status: r.status,
  currency: r.currency,
  total: r.total,
  demoMode: r.processor === 'demo',
  clientSecret,
  paypalOrderId: r.processor === 'paypal' ? r.transaction_id : null,
  allocations: r.allocations.map((a) => ({ invoiceId: a.invoiceId, invoiceNumber: a.invoiceNumber, amount: a.amount })),
});
