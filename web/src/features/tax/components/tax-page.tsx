import * as React from 'react';
import { Plus } from 'lucide-react';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ComplianceTab } from './compliance-tab';
import { OverviewTab } from './overview-tab';
import { ReportsTab } from './reports-tab';
import { TaxRateDialog } from './tax-rate-dialog';
import { TaxRatesTab } from './tax-rates-tab';
import { usePermission } from '@/lib/auth';

type Tab = 'overview' | 'rates' | 'reports' | 'compliance';

/** Tax management: Overview, Tax Rates, Financial Reports, Tax Compliance, and the Add Tax Rate dialog. */
export function TaxPage() {
  const [tab, setTab] = React.useState<Tab>('overview');
  const [adding, setAdding] = React.useState(false);
  const add = () => setAdding(true);
  const canManageRates = usePermission('tax-rates.manage');
  return (
    <>
      <PageHeader
        title="Tax Management"
        description="Manage tax rates, generate financial reports and keep track of filing deadlines."
        actions={
          canManageRates && (
            <Button onClick={add}>
              <Plus aria-hidden="true" />
              Add Tax Rate
            </Button>
          )
        }
      />
      <PageBody>
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList className="max-w-2xl">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="rates">Tax Rates</TabsTrigger>
            <TabsTrigger value="reports">Financial Reports</TabsTrigger>
            <TabsTrigger value="compliance">Tax Compliance</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab onGenerated={() => setTab('reports')} />
          </TabsContent>
          <TabsContent value="rates">
            <TaxRatesTab onAdd={add} />
          </TabsContent>
          <TabsContent value="reports">
            <ReportsTab />
          </TabsContent>
          <TabsContent value="compliance">
            <ComplianceTab />
          </TabsContent>
        </Tabs>
      </PageBody>
      <TaxRateDialog open={adding} taxRate={null} onOpenChange={setAdding} />
    </>
  );
}
