import * as React from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ChevronDown, LogOut, PanelLeft, Settings, X } from 'lucide-react';
import type { User } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { WithTooltip } from '@/components/ui/tooltip';
import { ThemeToggle } from '@/components/theme-toggle';
import { UserAvatar } from '@/components/user-avatar';
import { BrandHomeLink } from '@/components/brand';
import { logout, userDisplayName } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { allowedNav, isActive, isSettingsRoute, mainNav, settingsNav, type NavItem } from './nav-items';
import { OrganizationSwitcher } from './organization-switcher';

function NavLinkItem({
  item,
  collapsed,
  pathname,
  nested = false,
}: {
  item: NavItem;
  collapsed: boolean;
  pathname: string;
  nested?: boolean;
}) {
  const active = isActive(item.href, pathname);
  const link = (
    <Link
      to={item.href}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/80 outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        active && 'bg-sidebar-accent text-sidebar-accent-foreground',
        collapsed && 'justify-center px-0',
        nested && !collapsed && 'pl-9',
      )}
    >
      <item.icon className="size-4 shrink-0" aria-hidden="true" />
      <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>
    </Link>
  );
  return (
    <li>
      {collapsed ? (
        <WithTooltip label={item.label} side="right">
          {link}
        </WithTooltip>
      ) : (
        link
      )}
    </li>
  );
}

function SettingsGroup({ collapsed, pathname }: { collapsed: boolean; pathname: string }) {
  const inGroup = isSettingsRoute(pathname);
  const [open, setOpen] = React.useState(inGroup);
  // Opens by itself when the current route is one of its entries.
  React.useEffect(() => {
    if (inGroup) setOpen(true);
  }, [inGroup]);

  if (collapsed) {
    return (
      <>
        {settingsNav.map((item) => (
          <NavLinkItem key={item.href} item={item} collapsed pathname={pathname} />
        ))}
      </>
    );
  }
  return (
    <li>
      <Collapsible open={open} onOpenChange={setOpen}>
        <CollapsibleTrigger
          className={cn(
            'flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/80 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
          )}
        >
          <Settings className="size-4 shrink-0" aria-hidden="true" />
          <span className="flex-1 text-left">Settings</span>
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </CollapsibleTrigger>
        <CollapsibleContent asChild>
          <ul className="mt-1 space-y-1">
            {settingsNav.map((item) => (
              <NavLinkItem key={item.href} item={item} collapsed={false} pathname={pathname} nested />
            ))}
          </ul>
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}

/**
 * The sidebar: beside the screen from 768 px (collapsible to icons: `onToggle`), or inside the phone's drawer
 * (`onClose`: a close button instead of the collapse button).
 */
export function Sidebar({
  user,
  collapsed,
  onToggle,
  onClose,
  className,
}: {
  user: User;
  collapsed: boolean;
  onToggle?: () => void;
  onClose?: () => void;
  className?: string;
}) {
  const { pathname } = useLocation();
  const name = userDisplayName(user);
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <aside
      aria-label="Sidebar"
      data-collapsed={collapsed}
      className={cn(
        'flex shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground',
        !onClose && 'sticky top-0 h-screen transition-[width] duration-200',
        collapsed ? 'w-16' : 'w-64',
        className,
      )}
    >
      <div className={cn('flex h-16 items-center gap-2 border-b border-sidebar-border px-3', collapsed && 'justify-center px-0')}>
        {!collapsed && <BrandHomeLink className="flex-1" />}
        {onClose ? (
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close navigation">
            <X aria-hidden="true" />
          </Button>
        ) : (
          <WithTooltip label={toggleLabel} side="right">
            <Button variant="ghost" size="icon" onClick={onToggle} aria-label={toggleLabel} aria-expanded={!collapsed}>
              <PanelLeft aria-hidden="true" />
            </Button>
          </WithTooltip>
        )}
      </div>

      <OrganizationSwitcher user={user} collapsed={collapsed} />

      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-1">
          {allowedNav(mainNav, user.permissions).map((item) => (
            <NavLinkItem key={item.href} item={item} collapsed={collapsed} pathname={pathname} />
          ))}
          <SettingsGroup collapsed={collapsed} pathname={pathname} />
        </ul>
      </nav>

      <div className="border-t border-sidebar-border p-2">
        <div className={cn('flex items-center gap-3 px-1 py-2', collapsed && 'justify-center px-0')}>
          <UserAvatar user={user} />
          {!collapsed && (
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" data-testid="user-name">
                {name}
              </p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
          )}
        </div>
        <div className={cn('flex items-center gap-1', collapsed ? 'flex-col' : 'justify-between')}>
          <ThemeToggle />
          {collapsed ? (
            <WithTooltip label="Log out" side="right">
              <Button variant="ghost" size="icon" onClick={() => void logout()} aria-label="Log out">
                <LogOut aria-hidden="true" />
              </Button>
            </WithTooltip>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => void logout()}>
              <LogOut aria-hidden="true" />
              Log out
            </Button>
          )}
        </div>
      </div>
    </aside>
  );
}
