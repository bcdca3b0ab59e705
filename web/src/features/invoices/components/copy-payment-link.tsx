import { Link2 } from 'lucide-react';
import { inStatusGroup, IssuedInvoiceStatuses, type Invoice } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';

/** The absolute link of the invoice's public pay page. */
export const paymentLink = (publicToken: string) => `${window.location.origin}${paths.pay.getHref(publicToken)}`;

/**
 * "Copy payment link": the pay page's absolute address on the clipboard. Only for an issued invoice (a draft or a
 * cancelled one has no pay page).
 */
export function CopyPaymentLink({ invoice }: { invoice: Invoice }) {
  const token = invoice.publicToken;
  if (!token || !inStatusGroup(IssuedInvoiceStatuses, invoice.status)) return null;
  const copy = async () => {
    const link = paymentLink(token);
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Payment link copied' });
    } catch {
      // No clipboard (permissions, an insecure origin): the link itself, to copy by hand.
      toast({ variant: 'destructive', title: 'Could not copy the payment link', description: link });
    }
  };
  return (
    <Button variant="outline" onClick={() => void copy()}>
      <Link2 aria-hidden="true" />
      Copy payment link
    </Button>
  );
}
