import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { documentBrand, StandaloneLayout, useBrandTitle } from '@/components/layouts/standalone-layout';
import { publicQuoteQueryOptions } from '../api/public-quote';

/**
 * The public quote page's frame (/quote/{token}): Billpoint's, or the organization's name and logo when it is
 * white-labelled (no "Billpoint" in the bar, the footer or the title). It reads the quote the page loads.
 */
export function QuoteLayout() {
  const { token = '' } = useParams();
  const quote = useQuery({ ...publicQuoteQueryOptions(token), enabled: false });
  const brand = documentBrand(quote.data, quote.isError || token === '');
  useBrandTitle(brand, 'Quote');
  return <StandaloneLayout kind="quote" brand={brand} />;
}
