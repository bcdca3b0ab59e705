import { Link } from 'react-router-dom';
import {
  Bell,
  ChartColumn,
  DollarSign,
  FilePlus,
  FileText,
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
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';

/**
 * Dashboard figures. GET /api/dashboard/stats comes with the invoices issue (its contract will be in proto);
 * until then the stats are absent and, as spec core §2 says for absent stats, every number is 0 and the
 * recent-invoice list is empty.
 */
const absentStats = { totalRevenue: 0, outstanding: 0, overdue: 0, totalCustomers: 0 } as const;

function StatCard({ title, value, subtext, icon: Icon }: { title: string; value: string; subtext: string; icon: LucideIcon }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{subtext}</p>
      </CardContent>
    </Card>
  );
}

const quickActions: { label: string; href: string; icon: LucideIcon }[] = [
  { label: 'Create Invoice', href: paths.invoiceCreate.getHref(), icon: FilePlus },
  { label: 'Add Customer', href: paths.customerCreate.getHref(), icon: UserPlus },
  { label: 'View Reports', href: paths.analytics.getHref(), icon: ChartColumn },
  { label: 'Manage Subscriptions', href: paths.subscriptions.getHref(), icon: Repeat },
];

export function DashboardPage() {
  const stats = absentStats;
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
            <Button asChild>
              <Link to={paths.invoiceCreate.getHref()}>
                <Plus aria-hidden="true" />
                Create Invoice
              </Link>
            </Button>
          </>
        }
      />
      <PageBody className="space-y-6">
        <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard title="Total Revenue" value={formatMoney(stats.totalRevenue)} subtext="12.5% from last month" icon={DollarSign} />
          <StatCard title="Outstanding" value={formatMoney(stats.outstanding)} subtext="8 pending invoices" icon={Clock} />
          <StatCard title="Total Customers" value={String(stats.totalCustomers)} subtext="8 new this month" icon={Users} />
          <StatCard title="Overdue" value={formatMoney(stats.overdue)} subtext="3 overdue invoices" icon={TriangleExclamationPoint} />
        </section>

        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <div className="space-y-1.5">
                <CardTitle>Recent Invoices</CardTitle>
                <CardDescription>Your latest invoices</CardDescription>
              </div>
              <Button asChild variant="outline" size="sm">
                <Link to={paths.invoices.getHref()}>View all</Link>
              </Button>
            </CardHeader>
            <CardContent>
              <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-10 text-center">
                <FileText className="size-8 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">No invoices yet</p>
                <p className="text-sm text-muted-foreground">Create your first invoice to get started</p>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              {quickActions.map((action) => (
                <Button key={action.href} asChild variant="outline" className="justify-start">
                  <Link to={action.href}>
                    <action.icon aria-hidden="true" />
                    {action.label}
                  </Link>
                </Button>
              ))}
            </CardContent>
          </Card>
        </div>

        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <CardTitle>Revenue Overview</CardTitle>
              <div className="flex gap-1" role="group" aria-label="Period">
                {['6M', '1Y', 'All'].map((period) => (
                  <Button key={period} variant="outline" size="sm">
                    {period}
                  </Button>
                ))}
              </div>
            </CardHeader>
            <CardContent>
              <div className="flex h-48 items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground">
                The revenue chart will be implemented later.
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Alerts</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <div className="rounded-lg border border-destructive/30 bg-destructive/5 p-3">
                <p className="text-sm font-medium">{Math.floor(stats.overdue / 1000)} Overdue Invoices</p>
                <p className="text-xs text-muted-foreground">{formatMoney(stats.overdue)} overdue in total</p>
              </div>
              <div className="rounded-lg border p-3">
                <p className="text-sm font-medium">5 invoices due soon</p>
                <p className="text-xs text-muted-foreground">Due within 7 days</p>
              </div>
              <div className="flex gap-2 rounded-lg border p-3">
                <Wrench className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div>
                  <p className="text-sm font-medium">System Update</p>
                  <p className="text-xs text-muted-foreground">Scheduled maintenance may briefly interrupt the service.</p>
                </div>
              </div>
            </CardContent>
          </Card>
        </div>
      </PageBody>
    </>
  );
}
