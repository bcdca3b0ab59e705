import type { Invoice } from '@billpoint/proto';
import { Conflict } from '@billpoint/kit';

/** The public API's draft-only operations (PATCH, DELETE ?draftOnly=true): any other status is a 409 naming it. */
export function requireDraft(invoice: Pick<Invoice, 'status' | 'invoiceNumber'>, action: 'edited' | 'deleted'): void {
  if (invoice.status !== 'draft')
    throw new Conflict(
      `Invoice ${invoice.invoiceNumber} is ${invoice.status}: only a draft can be ${action}${action === 'deleted' ? '; void it instead' : ''}`,
      'resource_state_invalid',
    );
}
