import type * as React from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeftRight, Bell, Building2, FolderTree, Globe, Palette, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { useKnownPermission } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { PaymentRemindersCard } from './payment-reminders-card';
import { OrganizationSection } from './organization-section';
import { AppearanceSection, NotificationTogglesCard } from './local-sections';
import { SecuritySection } from './security-section';
import { CategoriesSection } from './categories-section';
import { AuditLogCard } from './audit-log-card';
import { MembersSection } from './members-section';
import { ExchangeRatesSection } from './exchange-rates-section';
import { PortalSection } from './portal-section';

function NotificationsSection() {
  return (
    <>
      <PaymentRemindersCard />
      <NotificationTogglesCard />
    </>
  );
}

/** Security: two-factor sign-in, the password, the sessions, and for those who may (organization.manage, audit-log.read) the organization's rule and audit log. */
function SecurityWithAudit() {
  const canReadAudit = useKnownPermission('audit-log.read');
  return (
    <>
      <SecuritySection />
      {canReadAudit && <AuditLogCard />}
    </>
  );
}

type Section = { id: string; label: string; icon: LucideIcon; description: string; Component: React.ComponentType };

/**
 * The settings sections (Organization, Appearance, Categories, Notifications, Security; Members;
 * Exchange rates); a new section is one more entry here.
 */
export const SECTIONS: readonly Section[] = [
  {
    id: 'organization',
    label: 'Organization',
    icon: Building2,
    description: 'Your company, its address and its defaults.',
    Component: OrganizationSection,
  },
  {
    id: 'portal',
    label: 'Customer portal',
    icon: Globe,
    description: 'Your portal address, custom domain and white-label.',
    Component: PortalSection,
  },
  {
    id: 'members',
    label: 'Members',
    icon: Users,
    description: 'Who belongs to your organization, and their roles.',
    Component: MembersSection,
  },
  {
    id: 'exchange-rates',
    label: 'Exchange rates',
    icon: ArrowLeftRight,
    description: 'What other currencies are worth in your base currency.',
    Component: ExchangeRatesSection,
  },
  { id: 'appearance', label: 'Appearance', icon: Palette, description: 'Colours and dark mode.', Component: AppearanceSection },
  {
    id: 'categories',
    label: 'Categories',
    icon: FolderTree,
    description: 'The categories your expenses are sorted into.',
    Component: CategoriesSection,
  },
  {
    id: 'notifications',
    label: 'Notifications',
    icon: Bell,
    description: 'What your customers are sent, and when.',
    Component: NotificationsSection,
  },
  {
    id: 'security',
    label: 'Security',
    icon: ShieldCheck,
    description: 'Two-factor sign-in, your password, your sessions and the audit log.',
    Component: SecurityWithAudit,
  },
];

/** Settings: a sidebar of sections; the chosen one is in the address (?section=…). */
export function SettingsPage() {
  const [params] = useSearchParams();
  const current = SECTIONS.find((s) => s.id === params.get('section')) ?? SECTIONS[0]!;
  return (
    <>
      <PageHeader title="Settings" description="Manage your organization's preferences." />
      <PageBody className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-label="Settings sections">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {SECTIONS.map(({ id, label, icon: Icon }) => (
              <li key={id}>
                <Link
                  to={`${paths.settings.getHref()}?section=${id}`}
                  aria-current={id === current.id ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground',
                    id === current.id && 'bg-accent text-accent-foreground',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* Not a named region: "Notifications" would clash with the toast area's "Notifications (F8)". */}
        <div className="max-w-3xl min-w-0 space-y-4">
          <div>
            <h2 className="text-lg font-semibold">{current.label}</h2>
            <p className="text-sm text-muted-foreground">{current.description}</p>
          </div>
          <current.Component />
        </div>
      </PageBody>
    </>
  );
}
