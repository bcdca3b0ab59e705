import type * as React from 'react';
import {
  CalendarClock,
  ChartColumn,
  Banknote,
  FilePlus,
  Plus,
  Repeat,
  TriangleExclamationPoint,
  UserPlus,
  Users,
  Wrench,
  Clock,
  type LucideIcon,
} from 'lucide-react';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { LinkButton } from '@/components/link-button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMaintenanceNotice } from '@/lib/app-config';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { dashboardAlerts, statSubtexts, withDefaults } from '../lib/stats';
import { DashboardSearch } from './dashboard-search';
import { NotificationsBell } from './notifications-bell';
import { RecentInvoices } from './recent-invoices';
import { RevenueOverview } from './revenue-overview';

/** A money card's figure per invoice currency, each in its currency and in the base currency. */
type Breakdown = { currency: string; amount: number; inBase: number }[];

function StatCard({
  title,
  value,
  subtext,
  icon: Icon,
  loading,
  breakdown,
  base,
}: {
  title: string;
  value: string;
  subtext: string;
  icon: LucideIcon;
  loading: boolean;
  breakdown?: Breakdown;
  base?: string;
}) {
  return (
    <Card data-testid={`stat-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-8 w-28" />
        ) : (
          <p className="text-2xl font-bold" data-testid="stat-value">
            {value}
          </p>
        )}
        <p className="mt-1 text-xs text-muted-foreground">{subtext}</p>
        {!loading && breakdown && breakdown.length > 0 && (
          <ul className="mt-2 space-y-0.5 border-t pt-2 text-xs" aria-label={`${title} by currency`} data-testid="stat-breakdown">
            {breakdown.map((b) => (
              <li key={b.currency} className="flex justify-between gap-2 tabular-nums">
                <span>{formatMoney(b.amount, b.currency)}</span>
                {b.currency !== base && <span className="text-muted-foreground">{formatMoney(b.inBase, base)}</span>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * One money figure of the stats per currency: shown only when a currency other than the base takes part (a base-only
 * organization sees its cards as before).
 */
function breakdownOf(stats: ReturnType<typeof withDefaults>, key: 'revenue' | 'outstanding' | 'overdue'): Breakdown | undefined {
  const rows = stats.byCurrency
    .map((c) => ({ currency: c.currency, amount: c[key], inBase: c[`${key}InBase`] }))
    .filter((c) => c.amount !== 0 || c.inBase !== 0);
  return rows.some((c) => c.currency !== stats.baseCurrency) ? rows : undefined;
}

function AlertItem({
  icon: Icon,
  title,
  children,
  tone,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  children: React.ReactNode;
  tone?: 'destructive';
  testId?: string;
}) {
  return (
    <div className={cn('flex gap-2 rounded-lg border p-3', tone === 'destructive' && 'border-destructive/30 bg-destructive/5')}>
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', tone === 'destructive' ? 'text-destructive' : 'text-muted-foreground')}
        aria-hidden="true"
      />
      <div>
        <p className="text-sm font-medium" data-testid={testId}>
          {title}
        </p>
        <p className="text-xs text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

const quickActions: { label: string; href: string; icon: LucideIcon }[] = [
  { label: 'Create Invoice', href: paths.invoiceCreate.getHref(), icon: FilePlus },
  { label: 'Add Customer', href: paths.customerCreate.getHref(), icon: UserPlus },
  { label: 'View Reports', href: paths.analytics.getHref(), icon: ChartColumn },
  { label: 'Manage Subscriptions', href: paths.subscriptions.getHref(), icon: Repeat },
];

/** The dashboard over GET /api/dashboard/stats; absent or failed stats show zeros and no invoices. */
export function DashboardPage() {
  const query = useDashboardStats();
  const loading = query.isPending;
  const stats = withDefaults(query.data);
  const alerts = dashboardAlerts(stats);
  const subtexts = statSubtexts(stats);
  const base = stats.baseCurrency || undefined;
  const maintenanceNotice = useMaintenanceNotice();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Welcome back! Here's what's happening with your business."
        actions={
          <>
            <DashboardSearch className="w-full sm:w-56" />
            <NotificationsBell />
            <LinkButton to={paths.invoiceCreate.getHref()} icon={Plus}>
              Create Invoice
            </LinkButton>
          </>
        }
      />
      <PageBody className="space-y-6">
        <section aria-label="Statistics" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {/* The spec's fixed subtexts, computed in the same wording (statSubtexts). */}
          {/* Money in the base currency (the organization's default), each currency's part beneath. */}
          {(
            [
              ['Total Revenue', formatMoney(stats.totalRevenue, base), subtexts.revenue, Banknote, breakdownOf(stats, 'revenue')],
              ['Outstanding', formatMoney(stats.outstanding, base), subtexts.outstanding, Clock, breakdownOf(stats, 'outstanding')],
              ['Total Customers', String(stats.totalCustomers), subtexts.customers, Users, undefined],
              ['Overdue', formatMoney(stats.overdue, base), subtexts.overdue, TriangleExclamationPoint, breakdownOf(stats, 'overdue')],
            ] as const
          ).map(([title, value, subtext, icon, breakdown]) => (
            <StatCard
              key={title}
              title={title}
              value={value}
              subtext={subtext}
              icon={icon}
              loading={loading}
              breakdown={breakdown}
              base={base}
            />
          ))}
        </section>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <RecentInvoices invoices={stats.recentInvoices} loading={loading} />

          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              {quickActions.map((action) => (
                <LinkButton key={action.href} to={action.href} icon={action.icon} variant="outline" className="justify-start">
                  {action.label}
                </LinkButton>
              ))}
            </CardContent>
          </Card>
        </div>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <RevenueOverview data={stats.revenueByMonth} loading={loading} currency={base} />
          </div>

          <Card>
            <CardHeader>
              <CardTitle>Alerts</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <AlertItem
                icon={TriangleExclamationPoint}
                tone={stats.overdueInvoices > 0 ? 'destructive' : undefined}
                title={alerts.overdueTitle}
                testId="alert-overdue"
              >
                {formatMoney(stats.overdue, base)} overdue in total
              </AlertItem>
              <AlertItem icon={CalendarClock} title={alerts.dueSoonTitle} testId="alert-due-soon">
                Due within 7 days
              </AlertItem>
              {maintenanceNotice && (
                <AlertItem icon={Wrench} title="System Update" testId="alert-maintenance">
                  {maintenanceNotice}
                </AlertItem>
              )}
            </CardContent>
          </Card>
        </div>
      </PageBody>
    </>
  );
}
