import { CalendarClock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/lib/auth';
import { formatShortDate, toIsoDate } from '@/lib/format';
import { useReports, useTaxSummary } from '../api/tax';
import { complianceDeadlines, type DeadlineStatus } from '../lib/compliance';

const STATUS_STYLE: Record<DeadlineStatus, string> = {
  Filed: 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  Pending: 'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  Overdue: 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  Upcoming: 'border-transparent bg-muted text-muted-foreground',
};

/**
 * Tax Compliance: up to three filing deadlines from the organization's own quarters (the current one per the tax
 * summary, in the organization's time zone; none before the quarter it was created in) and its reports: see
 * complianceDeadlines.
 */
export function ComplianceTab() {
  const { user, isLoading: userLoading } = useUser();
  const createdAt = user?.organization.createdAt;
  const since = createdAt ? toIsoDate(new Date(createdAt)) : null;
  const summary = useTaxSummary();
  const reports = useReports();
  const today = toIsoDate(new Date());
  const loading = userLoading || reports.isPending || (summary.isPending && !summary.isError);
  const deadlines = loading
    ? []
    : complianceDeadlines({ current: summary.data?.startDate.slice(0, 10) ?? today, today, since, reports: reports.data ?? [] });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Filing Deadlines</CardTitle>
        <CardDescription>
          Each quarter&apos;s return is due once the quarter has ended, by the last day of the following month, starting with the quarter
          your organization was created in. A quarter counts as filed once its sales tax, VAT return or tax summary report is marked filed
          on the Financial Reports tab.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading deadlines">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : (
          <ul className="divide-y" aria-label="Filing deadlines">
            {deadlines.map((d) => (
              <li key={d.period} className="flex items-center gap-3 py-3" data-testid="deadline">
                <CalendarClock className="size-5 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{d.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatShortDate(d.startDate)} – {formatShortDate(d.endDate)} · Due {formatShortDate(d.dueDate)}
                    {d.report
                      ? d.report.filedAt && d.status === 'Filed'
                        ? ` · ${d.report.title}, filed ${formatShortDate(d.report.filedAt)}`
                        : ` · ${d.report.title} is ready to be marked filed`
                      : ''}
                  </p>
                </div>
                <Badge className={STATUS_STYLE[d.status]} data-testid="deadline-status">
                  {d.status}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
