import { ArrowLeft } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';

export function BackToCustomers() {
  return (
    <LinkButton to={paths.customers.getHref()} icon={ArrowLeft} variant="outline">
      Back to Customers
    </LinkButton>
  );
}
