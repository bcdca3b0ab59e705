import { fromMills, toMills, type Invoice } from '@billpoint/proto';
import { Invalid, type EntityManager, type Identity } from '@billpoint/kit';
import { refreshStanding } from '../invoice/standing.ts';
import { applyCustomerCredit, returnCustomerCredit } from './customer-credit.ts';

/**
 * An edit of an invoice with credit notes or credit applied keeps what they stand on: its total never falls below its
 * credit notes (summed from the notes themselves, under the invoice's row lock; the database refuses it too), its
 * currency stays the one they are in, and it does not go back to draft (a credit note corrects an issued invoice).
 */
export async function checkCredits(
  em: EntityManager,
  tenantId: string,
  current: Invoice,
  next: { total: string; currency: string; status: string },
): Promise<void> {
  const { total, currency } = next;
  const [row] = await em.execute<{ credited: string }[]>(
    `select coalesce(sum(total), 0)::text as credited from billing.credit_notes where tenant_id = ? and invoice_id = ?`,
    [tenantId, current.id],
  );
  const credited = toMills(row!.credited);
  if (toMills(total) < credited)
    throw new Invalid(`The invoice total cannot be less than its credit notes: ${fromMills(credited)} ${current.currency}`, 'items');
  if (currency !== current.currency && (credited > 0n || toMills(current.creditApplied) > 0n))
    throw new Invalid('The currency of an invoice with credit notes or customer credit applied cannot change', 'currency');
  if (next.status === 'draft' && current.status !== 'draft' && (credited > 0n || toMills(current.creditApplied) > 0n))
    throw new Invalid('An invoice with credit notes or customer credit applied cannot go back to draft', 'status');
}

/**
 * Customer credit follows an edit that moves the status (the edit form's "Pending" is how a draft is marked sent): a
 * draft that becomes sent, viewed or overdue is issued and takes the customer's credit (applyCustomerCredit; a draft
 * marked paid by hand takes none), an invoice that becomes cancelled gives its credit back. The caller holds the
 * invoice's row lock; answers whether the invoice changed (reload it).
 */
export async function creditOnStatusChange(em: EntityManager, id: Identity, before: Invoice, updated: Invoice): Promise<boolean> {
  if (before.status === 'draft' && updated.status !== 'draft') return applyCustomerCredit(em, id.tenantId, updated, id.userId);
  if (
    updated.status === 'cancelled' &&
    before.status !== 'cancelled' &&
    (await returnCustomerCredit(em, id.tenantId, updated, id.userId))
  ) {
    await refreshStanding(em, id.tenantId, updated.id, id.userId);
    return true;
  }
  return false;
}
