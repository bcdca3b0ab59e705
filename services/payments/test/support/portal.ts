import { createInternalTokenSigner, INTERNAL_TOKEN_HEADER } from '@billpoint/kit';
import { HttpClient, TEST_TOKEN_KEY } from '@billpoint/kit/testing';
import { portalUserId, type Invoice, type ReceiptCreatedData } from '@billpoint/proto';
import type { Stack } from '../../../../gateway/test/support/stack.ts';

const sign = createInternalTokenSigner(TEST_TOKEN_KEY);

/**
 * A customer signed in to the portal, calling a service directly with the internal token the gateway signs for a
 * portal session (`sub` = portal:<customerId>). Each call gets a fresh token (they live 60 s).
 */
export function portalClient(url: string, tenantId: string, customerId: number) {
  const http = new HttpClient(url);
  const auth = () => ({ [INTERNAL_TOKEN_HEADER]: sign({ tenantId, userId: portalUserId(customerId), role: 'user', scopes: [] }) });
  return {
    get: (path: string) => http.get(path, auth()),
    post: (path: string, body?: unknown) => http.post(path, body ?? {}, auth()),
    /** A download: status, content type and disposition, and the bytes. */
    async raw(path: string) {
      const res = await fetch(new URL(path, url), { headers: auth() });
      const body = Buffer.from(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body };
    },
  };
}

/** The receipts payments announced for a tenant (its outbox), oldest first. */
export async function receiptsOf(stack: Stack, tenantId: string): Promise<ReceiptCreatedData[]> {
  const rows = await stack.db.query<{ payload: { data: ReceiptCreatedData } }>(
    `select payload from payments.outbox where tenant_id = $1 and subject = 'evt.payments.receipt.created' order by created_at, id`,
    [tenantId],
  );
  return rows.rows.map((r) => r.payload.data);
}

export const invoiceOf = async (c: HttpClient, id: number) => (await c.get(`/api/invoices/${id}`)).json as Invoice;

/** A staff member (admin) of the tenant calling a service directly, as the gateway forwards a staff session. */
export function staffClient(url: string, tenantId: string) {
  const http = new HttpClient(url);
  const auth = () => ({ [INTERNAL_TOKEN_HEADER]: sign({ tenantId, userId: 'staff-user', role: 'admin', scopes: [] }) });
  return { post: (path: string, body?: unknown) => http.post(path, body ?? {}, auth()) };
}
