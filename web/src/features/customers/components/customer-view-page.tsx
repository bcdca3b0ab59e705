import * as React from 'react';
import { Link, useParams } from 'react-router-dom';
import { Building, Globe, Mail, MapPin, Pencil, Phone, Factory } from 'lucide-react';
import { CUSTOMER_DEFAULTS, type Customer } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatLongDate, formatMoney, plural } from '@/lib/format';
import { useCustomer } from '../api/get-customer';
import { CustomerInitial } from './customer-initial';
import { CustomerLoadFailed } from './customer-load-failed';
import { BackToCustomers } from './back-to-customers';
import { InviteToPortalButton } from './invite-to-portal-button';
import { CUSTOMER_TYPE_LABELS, labelOf } from '@/lib/labels';

function Row({
  icon: Icon,
  label,
  children,
}: {
  icon?: React.ComponentType<{ className?: string }>;
  label: string;
  children: React.ReactNode;
}) {
  // A <dl> holds only <div>s of <dt> and <dd>: the icon sits inside the term, beside it.
  return (
    <div className={Icon ? 'relative min-w-0 pl-7' : 'min-w-0'}>
      <dt className="text-xs text-muted-foreground">
        {Icon && (
          <span aria-hidden="true" className="absolute top-0.5 left-0">
            <Icon className="size-4 text-muted-foreground" />
          </span>
        )}
        {label}
      </dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** A card of labelled details. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-4">{children}</dl>
      </CardContent>
    </Card>
  );
}

function safeWebsiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/**
 * The customer's credit from credit notes (applied to its next invoices), every non-zero balance: its own currency
 * first. Nothing when it has none.
 */
function creditBalances(customer: Customer): { currency: string; amount: string }[] {
  const all =
    customer.creditBalances ??
    (customer.creditBalance ? [{ currency: customer.currency || CUSTOMER_DEFAULTS.currency, amount: customer.creditBalance }] : []);
  return all
    .filter((b) => Number(b.amount) !== 0)
    .sort((a, b) => Number(b.currency === customer.currency) - Number(a.currency === customer.currency));
}

function CustomerDetails({ customer }: { customer: Customer }) {
  const hasCompanyInfo = Boolean(customer.company || customer.industry || customer.website);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <Card>
          <CardContent className="flex items-center gap-4 pt-6">
            <CustomerInitial name={customer.name} className="size-14 text-xl" />
            <div className="min-w-0">
              <h2 className="truncate text-xl font-semibold">{customer.name}</h2>
              <p className="text-sm text-muted-foreground">
                {labelOf(CUSTOMER_TYPE_LABELS, customer.customerType || CUSTOMER_DEFAULTS.customerType)} Customer
              </p>
            </div>
          </CardContent>
        </Card>

        <Section title="Contact Information">
          {customer.email && (
            <Row icon={Mail} label="Email">
              {customer.email}
            </Row>
          )}
          {customer.phone && (
            <Row icon={Phone} label="Phone">
              {customer.phone}
            </Row>
          )}
          {customer.address && (
            <Row icon={MapPin} label="Address">
              <span className="whitespace-pre-line">{customer.address}</span>
            </Row>
          )}
        </Section>

        {hasCompanyInfo && (
          <Section title="Company Information">
            {customer.company && (
              <Row icon={Building} label="Company">
                {customer.company}
              </Row>
            )}
            {customer.industry && (
              <Row icon={Factory} label="Industry">
                {customer.industry}
              </Row>
            )}
            {customer.website && (
              <Row icon={Globe} label="Website">
                <a
                  href={safeWebsiteHref(customer.website)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {customer.website}
                </a>
              </Row>
            )}
          </Section>
        )}
      </div>

      <div className="space-y-6">
        <Section title="Status">
          <Row label="Status">
            <Badge variant={customer.isActive ? 'success' : 'secondary'}>{customer.isActive ? 'Active' : 'Inactive'}</Badge>
          </Row>
          <Row label="Currency">{customer.currency || CUSTOMER_DEFAULTS.currency}</Row>
          <Row label="Payment Terms">{plural(customer.paymentTerms ?? CUSTOMER_DEFAULTS.paymentTerms, 'day')}</Row>
          {customer.creditLimit && <Row label="Credit Limit">{formatMoney(customer.creditLimit)}</Row>}
          {creditBalances(customer).map((b) => (
            <Row key={b.currency} label="Credit balance">
              {formatMoney(b.amount, b.currency)}
            </Row>
          ))}
        </Section>

        <Section title="Account">
          <Row label="Customer Since">{formatLongDate(customer.createdAt)}</Row>
          {customer.taxId && <Row label="Tax ID">{customer.taxId}</Row>}
        </Section>

        {customer.tags.length > 0 && (
          <Card>
            <CardHeader>
              <CardTitle>Tags</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-wrap gap-2" aria-label="Tags">
                {customer.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="outline">{tag}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}

function ViewSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3" role="status" aria-label="Loading customer">
      <div className="space-y-6 lg:col-span-2">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
      <div className="space-y-6">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    </div>
  );
}

export function CustomerViewPage() {
  const { id = '' } = useParams();
  const { data: customer, isPending, isError } = useCustomer(id);
  if (isError) return <CustomerLoadFailed title="Customer Details" />;
  return (
    <>
      <PageHeader
        title="Customer Details"
        description="View customer information"
        actions={
          <>
            <BackToCustomers />
            {customer && <InviteToPortalButton customerId={customer.id} />}
            <Button asChild>
              <Link to={paths.customerEdit.getHref(id)}>
                <Pencil aria-hidden="true" />
                Edit Customer
              </Link>
            </Button>
          </>
        }
      />
      <PageBody>{isPending ? <ViewSkeleton /> : customer ? <CustomerDetails customer={customer} /> : null}</PageBody>
    </>
  );
}
