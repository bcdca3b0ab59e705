import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function BackToCustomers() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.customers.getHref()}>
        <ArrowLeft aria-hidden="true" />
        Back to Customers
      </Link>
    </Button>
  );
}
