import { useParams, useSearchParams } from 'react-router-dom';
import { StandaloneLayout, useBrandTitle } from '@/components/layouts/standalone-layout';
import { usePublicInvoice } from '../api/pay-api';
import { payBrand } from '../lib/white-label';

/**
 * The pay pages' frame (/pay/{token}, /payment/{token}, /payment/success?invoice={token}): Billpoint's, or the
 * organization's name and logo when it is white-labelled (no "Billpoint" in the bar, the footer or the title). It reads
 * the invoice the page loads (never a second request of its own).
 */
export function PayLayout() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const token = id ?? params.get('invoice') ?? '';
  const invoice = usePublicInvoice(token, { enabled: false });
  const brand = payBrand(invoice.data, invoice.isError || token === '');
  // Until the invoice says whose it is, the tab names no one (a white-labelled page never shows "Billpoint").
  useBrandTitle(brand, 'Invoice payment');
  return <StandaloneLayout brand={brand} />;
}
