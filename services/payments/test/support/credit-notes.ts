import { randomUUID } from 'node:crypto';
import { CreditNoteEvents, type CreditNoteEventData, type CreditNoteResolution, type Invoice } from '@billpoint/proto';
import { waitFor } from '@billpoint/kit/testing';
import type { Stack } from '../../../../gateway/test/support/stack.ts';

let seq = 1;

/** A credit note of `inv` for `total` (no tax), as billing announces it. */
export function creditNoteOf(inv: Invoice, total: string, resolution: CreditNoteResolution = 'refund', id = seq++): CreditNoteEventData {
  return {
    id,
    creditNoteNumber: `CN-${String(id).padStart(4, '0')}`,
    invoiceId: inv.id,
    invoiceNumber: inv.invoiceNumber,
    invoiceIssueDate: inv.issueDate,
    customerId: inv.customerId,
    customer: null,
    issueDate: inv.issueDate,
    currency: inv.currency,
    reason: 'Returned goods',
    resolution,
    subtotal: total,
    taxAmount: '0.00',
    total,
    refundStatus: resolution === 'refund' ? 'pending' : null,
    refundedAmount: '0.00',
    items: [],
    taxLines: [],
    metadata: {},
    createdAt: new Date().toISOString(),
    createdBy: null,
  };
}

/**
 * Publishes `evt.billing.credit_note.created` as billing's outbox relay does (message id = envelope id `id`) and
 * resolves once payments' consumer committed it.
 */
export async function announceCreditNote(
  stack: Stack,
  tenantId: string,
  data: CreditNoteEventData,
  id: string = randomUUID(),
): Promise<string> {
  const envelope = { id, type: CreditNoteEvents.Created, occurredAt: new Date().toISOString(), tenantId, actorId: null, data };
  await stack.bus.publish(CreditNoteEvents.Created, envelope, { msgId: `${id}-${randomUUID()}`, headers: { 'bp-tenant': tenantId } });
  await waitFor(
    async () =>
      (await stack.db.query(`select 1 from payments.processed_messages where consumer = 'payments-credit-notes' and message_id = $1`, [id]))
        .rowCount,
  );
  return id;
}

/** The credit-note refund announcements payments wrote to its outbox for a tenant, oldest first. */
export async function refundedAnnouncements(stack: Stack, tenantId: string) {
  const { rows } = await stack.db.query<{ payload: { data: unknown } }>(
    `select payload from payments.outbox where tenant_id = $1 and subject = 'evt.payments.credit_note.refunded' order by seq`,
    [tenantId],
  );
  return rows.map((r) => r.payload.data);
}

/** Where payments' record of a credit note's refund stands. */
export async function refundRow(stack: Stack, tenantId: string, creditNoteId: number) {
  const { rows } = await stack.db.query<{ status: string; refunded: string; failed: number }>(
    `select status, refunded_amount::text as refunded, failed_attempts as failed from payments.credit_note_refunds
      where tenant_id = $1 and credit_note_id = $2`,
    [tenantId, creditNoteId],
  );
  return rows[0] ?? null;
}
