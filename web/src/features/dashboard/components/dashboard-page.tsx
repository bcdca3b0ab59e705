import type * as React from 'react';
import {
  Bell,
  CalendarClock,
  ChartColumn,
  DollarSign,
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
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { useMaintenanceNotice } from '@/lib/app-config';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { dashboardAlerts, statSubtexts, withDefaults } from '../lib/stats';
import { RecentInvoices } from './recent-invoices';
import { RevenueOverview } from './revenue-overview';

function StatCard({
  title,
  value,
  subtext,
  icon: Icon,
  loading,
}: {
  title: string;
  value: string;
  subtext: string;
  icon: LucideIcon;
  loading: boolean;
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
      </CardContent>
    </Card>
  );
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

/** The dashboard (spec core §2) over GET /api/dashboard/stats; absent or failed stats show zeros and no invoices. */
export function DashboardPage() {
  const query = useDashboardStats();
  const loading = query.isPending;
  const stats = withDefaults(query.data);
  const alerts = dashboardAlerts(stats);
  const subtexts = statSubtexts(stats);
  const maintenanceNotice = useMaintenanceNotice();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Welcome back! Here's what's happening with your business."
        actions={
          <>
            {/* Does nothing yet (spec core §2). */}
            <SearchInput label="Search" placeholder="Search..." className="w-56" />
            <Button variant="ghost" size="icon" aria-label="Notifications" className="relative">
              <Bell aria-hidden="true" />
              <span className="absolute top-2 right-2 size-2 rounded-full bg-red-500" aria-hidden="true" />
            </Button>
            <LinkButton to={paths.invoiceCreate.getHref()} icon={Plus}>
              Create Invoice
            </LinkButton>
          </>
        }
      />
      <PageBody className="space-y-6">
        <section aria-label="Statistics" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {/* The spec's fixed subtexts, computed in the same wording (statSubtexts). */}
          {(
            [
              ['Total Revenue', formatMoney(stats.totalRevenue), subtexts.revenue, DollarSign],
              ['Outstanding', formatMoney(stats.outstanding), subtexts.outstanding, Clock],
              ['Total Customers', String(stats.totalCustomers), subtexts.customers, Users],
              ['Overdue', formatMoney(stats.overdue), subtexts.overdue, TriangleExclamationPoint],
            ] as const
          ).map(([title, value, subtext, icon]) => (
            <StatCard key={title} title={title} value={value} subtext={subtext} icon={icon} loading={loading} />
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
            <RevenueOverview data={stats.revenueByMonth} loading={loading} />
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
                {formatMoney(stats.overdue)} overdue in total
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
