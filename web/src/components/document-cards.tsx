import { Mail, Phone, User } from 'lucide-react';
import type { InvoiceItem } from '@billpoint/proto';
import { Detail, DocumentLinesTable } from '@/components/document-lines';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The cards an invoice and a quote view share: the lines, notes and terms, and the customer. */

export function DocumentItemsCard({
  items,
  currency,
  label,
  testId,
}: {
  items: readonly InvoiceItem[];
  currency: string;
  label: string;
  testId: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Items</CardTitle>
      </CardHeader>
      <CardContent>
        <DocumentLinesTable items={items} currency={currency} label={label} testId={testId} />
      </CardContent>
    </Card>
  );
}

/** Notes and terms, when the document has either. */
export function DocumentNotesCard({ notes, terms }: { notes: string | null; terms: string | null }) {
  if (!notes && !terms) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Additional Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-4">
          {notes && (
            <Detail label="Notes">
              <span className="font-normal whitespace-pre-line">{notes}</span>
            </Detail>
          )}
          {terms && (
            <Detail label="Terms & Conditions">
              <span className="font-normal whitespace-pre-line">{terms}</span>
            </Detail>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

export interface DocumentCustomer {
  name: string;
  email: string;
  phone?: string | null;
}

/** Who the document is for: name, e-mail and phone (long ones wrap on a phone). */
export function DocumentCustomerCard({ customer }: { customer: DocumentCustomer | null | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer</CardTitle>
      </CardHeader>
      <CardContent>
        {customer ? (
          <ul className="space-y-2 text-sm">
            <li className="flex items-center gap-2 font-medium break-words">
              <User className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {customer.name}
            </li>
            <li className="flex min-w-0 items-center gap-2 break-all">
              <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {customer.email}
            </li>
            {customer.phone && (
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                {customer.phone}
              </li>
            )}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Unknown customer</p>
        )}
      </CardContent>
    </Card>
  );
}
