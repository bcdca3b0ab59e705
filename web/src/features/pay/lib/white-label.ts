import type { PublicInvoice } from '@billpoint/proto';
import { documentBrand, type StandaloneBrand } from '@/components/layouts/standalone-layout';

/**
 * Billing's public invoice answer says whether the organization is white-labelled (Enterprise plan with
 * white-label on); an answer without the flag is not.
 */
export const isWhiteLabel = (invoice: PublicInvoice & { whiteLabel?: boolean }) => invoice.whiteLabel === true;

/** The pay page's top bar: the organization's name and logo on a white-labelled invoice, else Billpoint's. */
export const payBrand = (invoice: PublicInvoice | undefined, failed: boolean): StandaloneBrand =>
  documentBrand(invoice && { seller: invoice.seller, whiteLabel: isWhiteLabel(invoice) }, failed);
