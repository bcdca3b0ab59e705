import { Calendar, Building, Eye, Mail, MapPin, Pencil, Phone, Trash } from 'lucide-react';
import type { Customer } from '@billpoint/proto';
import { Card, CardContent } from '@/components/ui/card';
import { IconAction } from '@/components/icon-action';
import { paths } from '@/config/paths';
import { formatShortDate } from '@/lib/format';
import { CustomerInitial } from './customer-initial';

export function CustomerCard({
  customer,
  onDelete,
  deleteDisabled,
}: {
  customer: Customer;
  /** Absent when the member's role may not delete customers (customers.delete): no delete button. */
  onDelete?: (id: number) => void;
  deleteDisabled: boolean;
}) {
  // Shown when present.
  const details = [
    { label: 'Company', icon: Building, value: customer.company },
    { label: 'Phone', icon: Phone, value: customer.phone },
    { label: 'Address', icon: MapPin, value: customer.address },
  ];
  return (
    <Card data-testid="customer-card" className="flex flex-col">
      <CardContent className="flex flex-1 flex-col gap-4 pt-6">
        <div className="flex items-start gap-3">
          <CustomerInitial name={customer.name} />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold">{customer.name}</h2>
            <p className="flex items-center gap-1.5 truncate text-sm text-muted-foreground">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{customer.email}</span>
            </p>
          </div>
        </div>
        <dl className="space-y-1.5 text-sm">
          {details.map(
            ({ label, icon: Icon, value }) =>
              value && (
                <div key={label} className="flex items-center gap-2">
                  <dt>
                    <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />
                    <span className="sr-only">{label}</span>
                  </dt>
                  <dd className="truncate">{value}</dd>
                </div>
              ),
          )}
        </dl>
        <div className="mt-auto flex items-center justify-between gap-2 border-t pt-3">
          <p className="flex items-center gap-1.5 text-xs whitespace-nowrap text-muted-foreground">
            <Calendar className="size-3.5" aria-hidden="true" />
            Added {formatShortDate(customer.createdAt)}
          </p>
          <div className="flex shrink-0">
            <IconAction
              label="View customer details"
              name={`View customer details: ${customer.name}`}
              icon={Eye}
              to={paths.customerView.getHref(customer.id)}
            />
            <IconAction
              label="Edit customer"
              name={`Edit customer: ${customer.name}`}
              icon={Pencil}
              to={paths.customerEdit.getHref(customer.id)}
            />
            {onDelete && (
              <IconAction
                label="Delete customer"
                name={`Delete customer: ${customer.name}`}
                icon={Trash}
                destructive
                disabled={deleteDisabled}
                onClick={() => onDelete(customer.id)}
              />
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

export function CustomerCardSkeleton() {
  return (
    <Card data-testid="customer-card-skeleton">
      <CardContent className="space-y-4 pt-6">
        <div className="flex items-center gap-3">
          <div className="size-10 animate-pulse rounded-full bg-muted" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
          </div>
        </div>
        <div className="space-y-2">
          <div className="h-3 w-3/4 animate-pulse rounded bg-muted" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
        </div>
        <div className="h-8 w-full animate-pulse rounded bg-muted" />
      </CardContent>
    </Card>
  );
}
