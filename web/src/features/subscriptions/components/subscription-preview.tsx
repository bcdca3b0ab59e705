import type * as React from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Info } from 'lucide-react';
import type { RecurringInvoice } from '@billpoint/proto';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLongDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { figures, invoiceCount, schedulePreview, type SubscriptionFormValues } from '../lib/subscription-form';

function Line({ label, children, testId, className }: { label: string; children: React.ReactNode; testId?: string; className?: string }) {
  return (
    <div className={cn('flex justify-between gap-4', className)}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium whitespace-nowrap tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The preview of the schedule: the first invoice on the start date, the next one period later, the
 * total of one invoice (with its subtotal and tax when a row is taxed), and when the start date has come, how many invoices it produces at once. For a schedule
 * that has generated invoices: how many, and the next date the server has scheduled (see schedulePreview).
 */
export function SubscriptionPreview({
  control,
  today,
  schedule,
}: {
  control: Control<SubscriptionFormValues>;
  today: string;
  schedule?: RecurringInvoice;
}) {
  const [startDate, endDate, frequency, currency, items] = useWatch({
    control,
    name: ['startDate', 'endDate', 'frequency', 'currency', 'items'],
  });
  const { subtotal, tax, total } = figures(items ?? []);
  const p = schedulePreview({ startDate, endDate, frequency }, today, schedule);
  const hasDates = p.firstDate !== null || p.generated !== null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preview</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-2 text-sm">
          {p.generated !== null && <Line label="Invoices generated">{p.generated}</Line>}
          {p.firstDate && <Line label="First invoice">{formatLongDate(p.firstDate)}</Line>}
          {hasDates && (
            <Line label="Next invoice date" testId="next-invoice-date">
              {p.nextDate ? formatLongDate(p.nextDate) : '—'}
            </Line>
          )}
          {tax !== '0.00' && (
            <>
              <Line label="Subtotal" testId="subscription-subtotal" className="border-t pt-2">
                {formatMoney(subtotal, currency)}
              </Line>
              <Line label="Tax" testId="subscription-tax">
                {formatMoney(tax, currency)}
              </Line>
            </>
          )}
          <Line label="Total per invoice" testId="subscription-total" className={cn('text-base', tax === '0.00' && 'border-t pt-2')}>
            {formatMoney(total, currency)}
          </Line>
        </dl>
        {p.firstDate && p.dueNow > 0 && (
          <p className="flex gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="catch-up-notice">
            <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {`${invoiceCount(p.dueNow)} will be generated right away for the periods since ${formatLongDate(p.firstDate)}.`}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
