import {
  Brain,
  Calculator,
  ChartColumn,
  CreditCard,
  FileMinus,
  FileSignature,
  FileText,
  LayoutDashboard,
  LayoutTemplate,
  Mail,
  Package,
  Plug,
  Receipt,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Permission } from '@billpoint/proto';
import { paths } from '@/config/paths';

/** A sidebar entry; one with a `permission` is shown only to members whose role has it. */
export type NavItem = { href: string; label: string; icon: LucideIcon; permission?: Permission };

/** Sidebar routes and labels. */
export const mainNav: NavItem[] = [
  { href: paths.home.getHref(), label: 'Dashboard', icon: LayoutDashboard },
  { href: paths.invoices.getHref(), label: 'Invoices', icon: FileText },
  { href: paths.quotes.getHref(), label: 'Quotes', icon: FileSignature, permission: 'quotes.read' },
  { href: paths.creditNotes.getHref(), label: 'Credit Notes', icon: FileMinus, permission: 'credit-notes.read' },
  { href: paths.customers.getHref(), label: 'Customers', icon: Users },
  { href: paths.products.getHref(), label: 'Products', icon: Package },
  { href: paths.invoiceTemplates.getHref(), label: 'Templates', icon: LayoutTemplate },
  { href: paths.analytics.getHref(), label: 'Analytics', icon: ChartColumn },
  { href: paths.aiInsights.getHref(), label: 'AI Insights', icon: Brain },
  { href: paths.expenses.getHref(), label: 'Expenses', icon: Receipt },
  { href: paths.taxManagement.getHref(), label: 'Tax Management', icon: Calculator },
];

export const settingsNav: NavItem[] = [
  { href: paths.settings.getHref(), label: 'General Settings', icon: Settings },
  { href: paths.emailTemplates.getHref(), label: 'E-mail Templates', icon: Mail, permission: 'templates.read' },
  { href: paths.subscriptionPlans.getHref(), label: 'Subscription Plans', icon: CreditCard },
  { href: paths.integrations.getHref(), label: 'Integrations', icon: Plug },
];

/** The entries the member may open: those without a permission, and those whose permission the role has. */
export const allowedNav = (items: readonly NavItem[], permissions: readonly Permission[]) =>
  items.filter((item) => !item.permission || permissions.includes(item.permission));

const under = (href: string, pathname: string) => pathname === href || pathname.startsWith(`${href}/`);

/**
 * Whether a sidebar entry is the current route: exact for /, else the entry or anything below it — unless another
 * entry below it is the route (/settings/email-templates is E-mail Templates, not General Settings).
 */
export function isActive(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  const deeper = [...mainNav, ...settingsNav].some((i) => i.href.startsWith(`${href}/`) && under(i.href, pathname));
  return under(href, pathname) && !deeper;
}

export function isSettingsRoute(pathname: string): boolean {
  return settingsNav.some((item) => isActive(item.href, pathname));
}
