import * as React from 'react';
import { AlertTriangle, UserPlus } from 'lucide-react';
import { lineAmount, type InvoiceDraft } from '@billpoint/proto';
import { ConfidenceBadge } from '@/components/confidence-badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { formatLongDate, formatMoney } from '@/lib/format';
import { useCreateDraftCustomer } from '../api/draft-invoice';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 font-medium">{children}</dd>
    </div>
  );
}

/** The customer the text names and the tenant does not have: create it here (name and e-mail), or pick one later. */
function NewCustomer({ name, onCreated }: { name: string; onCreated: (id: number) => void }) {
  const [email, setEmail] = React.useState('');
  const creation = useCreateDraftCustomer();
  const problem =
    creation.error instanceof ApiError && creation.error.status === 400
      ? String((creation.error.body as { message?: unknown } | undefined)?.message ?? 'Check the e-mail')
      : creation.isError
        ? 'The customer could not be created. Please try again.'
        : null;
  return (
    <form
      className="grid gap-2 rounded-md border border-dashed p-3"
      aria-label="New customer"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        creation.mutate({ name, email }, { onSuccess: (c) => onCreated(c.id) });
      }}
    >
      <p>
        <span className="font-medium">{name}</span> is not one of your customers yet.
      </p>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor="ai-draft-customer-email">E-mail of {name}</Label>
          <Input id="ai-draft-customer-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={creation.isPending || !email.trim()}>
          <UserPlus aria-hidden="true" />
          {creation.isPending ? 'Creating...' : 'Create customer'}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  );
}

/** A draft as the user reviews it: each value with its confidence, the lines, and the warnings first. */
export function AiDraftProposal({ draft, onUse }: { draft: InvoiceDraft; onUse: (customerId: number | null) => void }) {
  const [created, setCreated] = React.useState<{ id: number; name: string } | null>(null);
  const currency = draft.currency.value;
  const customer = created ? { ...created, confidence: 1 } : draft.customer;
  return (
    <section aria-label="Proposal" className="grid gap-4 border-t pt-4 text-sm" data-testid="ai-draft-proposal">
      {draft.warnings.length > 0 && (
        <ul
          aria-label="Warnings"
          className="grid gap-1 rounded-md bg-yellow-50 p-3 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200"
        >
          {draft.warnings.map((w) => (
            <li key={w} className="flex gap-2">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{w}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="divide-y">
        <Field label="Customer">
          {customer ? (
            <>
              <span>{customer.name}</span>
              <ConfidenceBadge confidence={customer.confidence} />
            </>
          ) : (
            <span className="text-muted-foreground">None found</span>
          )}
        </Field>
        {!customer && draft.candidates.length > 0 && (
          <Field label="Close matches">
            <span className="font-normal">{draft.candidates.map((c) => c.name).join(', ')}</span>
          </Field>
        )}
        <Field label="Issue date">
          <span>{formatLongDate(draft.issueDate.value)}</span>
          <ConfidenceBadge confidence={draft.issueDate.confidence} />
        </Field>
        <Field label="Due date">
          <span>{formatLongDate(draft.dueDate.value)}</span>
          <ConfidenceBadge confidence={draft.dueDate.confidence} />
        </Field>
        <Field label="Currency">
          <span>{currency}</span>
          <ConfidenceBadge confidence={draft.currency.confidence} />
        </Field>
        {draft.discountAmount.value !== '0.00' && (
          <Field label="Discount">
            <span>{formatMoney(draft.discountAmount.value, currency)}</span>
            <ConfidenceBadge confidence={draft.discountAmount.confidence} />
          </Field>
        )}
        {draft.notes && (
          <Field label="Notes">
            <span className="font-normal">{draft.notes}</span>
          </Field>
        )}
      </dl>
      {!customer && draft.newCustomerName && (
        <NewCustomer name={draft.newCustomerName} onCreated={(id) => setCreated({ id, name: draft.newCustomerName! })} />
      )}
      <div className="grid gap-2">
        <h3 className="font-semibold">Items</h3>
        {draft.items.length === 0 ? (
          <p className="text-muted-foreground">No items: add them on the form.</p>
        ) : (
          <ul aria-label="Proposed items" className="grid gap-2">
            {draft.items.map((it, i) => (
              <li key={i} className="flex flex-wrap items-start justify-between gap-2 rounded-md border p-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">{it.description}</p>
                  <p className="text-muted-foreground">
                    {it.quantity} × {formatMoney(it.rate, currency)} = {formatMoney(lineAmount(it.quantity, it.rate), currency)}
                    {it.productId != null && ' · from your products'}
                    {it.taxRateName && ` · ${it.taxRateName} ${Number(it.taxRate)}%`}
                  </p>
                </div>
                <ConfidenceBadge confidence={it.confidence} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={() => onUse(customer?.id ?? null)}>
          Use this
        </Button>
      </div>
    </section>
  );
}
