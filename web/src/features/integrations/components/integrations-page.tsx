import { useSearchParams } from 'react-router-dom';
import { BookOpen, KeyRound, Webhook } from 'lucide-react';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/lib/auth';
import { ApiKeysTab } from './api-keys-tab';
import { DocumentationTab } from './documentation-tab';
import { StatCards } from './stat-cards';
import { WebhooksTab } from './webhooks-tab';

const TABS = ['api-keys', 'webhooks', 'documentation'] as const;
type Tab = (typeof TABS)[number];

/**
 * Integrations: four stat cards and the tabs API Keys, Webhooks and Documentation; the tab is in the
 * address (?tab=…). Only admins manage keys and webhooks: the server refuses others, and the screen says so.
 */
export function IntegrationsPage() {
  const { user } = useUser();
  const can = (p: 'api-keys.manage' | 'webhooks.manage') => !!user?.permissions.includes(p);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'api-keys';
  return (
    <>
      <PageHeader title="Integrations" description="Connect Billpoint to your own systems with API keys and webhooks." />
      <PageBody className="grid content-start gap-6">
        <StatCards />
        {/* min-w-0: a grid item is otherwise as wide as its widest content (a code line, a table), wider than a phone. */}
        <Tabs className="min-w-0" value={tab} onValueChange={(t) => setParams({ tab: t }, { replace: true })}>
          <TabsList className="max-w-xl">
            <TabsTrigger value="api-keys">
              <KeyRound aria-hidden="true" />
              API Keys
            </TabsTrigger>
            <TabsTrigger value="webhooks">
              <Webhook aria-hidden="true" />
              Webhooks
            </TabsTrigger>
            <TabsTrigger value="documentation">
              <BookOpen aria-hidden="true" />
              Documentation
            </TabsTrigger>
          </TabsList>
          <TabsContent value="api-keys">
            <ApiKeysTab canManage={can('api-keys.manage')} />
          </TabsContent>
          <TabsContent value="webhooks">
            <WebhooksTab canManage={can('webhooks.manage')} />
          </TabsContent>
          <TabsContent value="documentation">
            <DocumentationTab />
          </TabsContent>
        </Tabs>
      </PageBody>
    </>
  );
}
