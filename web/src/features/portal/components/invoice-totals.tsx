import { AlertTriangle, CheckCircle2, Wallet } from 'lucide-react';
import type { PortalInvoiceList } from '@billpoint/proto';
import { MoneyAmounts, SummaryCard } from '@/components/summary-card';

type Totals = PortalInvoiceList['totals'];

/** What the customer owes, what is overdue and what they paid, per currency (never added across currencies). */
export function InvoiceTotals({ totals, loading }: { totals: Totals | undefined; loading: boolean }) {
  const pick = (key: 'outstanding' | 'overdue' | 'paid') => totals?.map((t) => ({ currency: t.currency, amount: t[key] }));
  return (
    <section aria-label="Totals" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <SummaryCard title="Outstanding" icon={Wallet} loading={loading} subtext="Left to pay on your invoices">
        <MoneyAmounts amounts={pick('outstanding')} />
      </SummaryCard>
      <SummaryCard title="Overdue" icon={AlertTriangle} loading={loading} subtext="Past the due date">
        <MoneyAmounts amounts={pick('overdue')} />
      </SummaryCard>
      <SummaryCard title="Paid" icon={CheckCircle2} loading={loading} subtext="Paid on your invoices">
        <MoneyAmounts amounts={pick('paid')} />
      </SummaryCard>
    </section>
  );
}
