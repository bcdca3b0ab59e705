import type { PublicInvoice } from '@billpoint/proto';
import type { StandaloneBrand } from '@/components/layouts/standalone-layout';

/**
 * Billing's public invoice answer says whether the organization is white-labelled (issue 27: Enterprise plan with
 * white-label on); an answer without the flag is not.
 */
export const isWhiteLabel = (invoice: PublicInvoice & { whiteLabel?: boolean }) => invoice.whiteLabel === true;

/** The pay page's top bar: the organization's name and logo on a white-labelled invoice, else Billpoint's. */
export function payBrand(invoice: PublicInvoice | undefined, failed: boolean): StandaloneBrand {
  if (invoice)
    return isWhiteLabel(invoice)
      ? { kind: 'organization', name: invoice.seller.name, logoUrl: invoice.seller.logoUrl }
      : { kind: 'billpoint' };
  return failed ? { kind: 'billpoint' } : { kind: 'pending' };
}
