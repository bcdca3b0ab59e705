import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { dayInTimeZone, type VatFilingFrequency } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/lib/auth';
import { formatShortDate } from '@/lib/format';
import { organizationSettingsQueryOptions } from '@/lib/organization-settings';
import { useReports } from '../api/tax';
import { complianceDeadlines, type DeadlineStatus } from '../lib/compliance';

const STATUS_STYLE: Record<DeadlineStatus, string> = {
  Filed: 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  Pending: 'border-transparent bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  Overdue: 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  Upcoming: 'border-transparent bg-muted text-muted-foreground',
};

/** The tab's texts; the description says how the dates come about for the organization's filing frequency. */
const COMPLIANCE_TEXT = {
  title: 'Filing Deadlines',
  description: (frequency: VatFilingFrequency) =>
    `Each ${PERIOD[frequency]}’s VAT return is due once the ${PERIOD[frequency]} has ended, on the date your country’s rule gives ` +
    '(the country of your billing address; Germany: the 10th of the following month, a month later with the permanent ' +
    'extension), starting with the period your organization was created in. Filing frequency and extension are in Settings. ' +
    'A period counts as filed once its sales tax, VAT return or tax summary report is marked filed on the Financial Reports tab.',
  loading: 'Loading deadlines',
  list: 'Filing deadlines',
} as const;
const PERIOD: Record<VatFilingFrequency, string> = { monthly: 'month', quarterly: 'quarter', annual: 'year' };

/**
 * Tax Compliance: up to three filing deadlines from the organization's own VAT periods (monthly, quarterly or annual
 * as its settings say; today in its time zone; none before the period it was created in), dated by its country's
 * rule, and its reports: see complianceDeadlines.
 */
export function ComplianceTab() {
  const { user, isLoading: userLoading } = useUser();
  const settings = useQuery(organizationSettingsQueryOptions());
  const reports = useReports();
  const timeZone = settings.data?.timezone ?? 'UTC';
  const createdAt = user?.organization.createdAt;
  const since = createdAt ? dayInTimeZone(new Date(createdAt), timeZone) : null;
  const today = dayInTimeZone(new Date(), timeZone);
  const frequency = settings.data?.vatFilingFrequency ?? 'monthly';
  const loading = userLoading || reports.isPending || (settings.isPending && !settings.isError);
  const deadlines = loading
    ? []
    : complianceDeadlines({
        today,
        since,
        reports: reports.data ?? [],
        vat: {
          country: settings.data?.billingAddress.country ?? null,
          frequency,
          extension: settings.data?.vatDeadlineExtension ?? false,
        },
      });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{COMPLIANCE_TEXT.title}</CardTitle>
        <CardDescription>{COMPLIANCE_TEXT.description(frequency)}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-3" aria-busy="true" aria-label={COMPLIANCE_TEXT.loading}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : (
          <ul className="divide-y" aria-label={COMPLIANCE_TEXT.list}>
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
