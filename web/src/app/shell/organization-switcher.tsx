import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import type { User } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useSwitchOrganization, useUserOrganizations } from '@/lib/organizations';
import { cn } from '@/lib/utils';

/**
 * The organization switcher: shown only to a person who belongs to more than one organization. A session
 * is for one organization at a time; choosing another starts a session there and reloads the app.
 */
export function OrganizationSwitcher({ user, collapsed }: { user: User; collapsed: boolean }) {
  const organizations = useUserOrganizations();
  const switchTo = useSwitchOrganization({
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError ? (error.body?.message ?? error.statusText) : error.message,
      });
    },
  });
  const list = organizations.data?.organizations ?? [];
  if (list.length < 2) return null;
  const label = `Organization: ${user.organization.name}. Switch organization`;
  return (
    <div className={cn('border-b border-sidebar-border p-2', collapsed && 'flex justify-center')}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size={collapsed ? 'icon' : 'default'}
            className={cn(!collapsed && 'w-full justify-start gap-2 px-2')}
            aria-label={label}
            disabled={switchTo.isPending}
          >
            <Building2 aria-hidden="true" />
            {!collapsed && (
              <>
                <span className="min-w-0 flex-1 truncate text-left">{user.organization.name}</span>
                <ChevronsUpDown className="opacity-60" aria-hidden="true" />
              </>
            )}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          {list.map((o) => (
            <DropdownMenuItem key={o.id} disabled={o.current} onSelect={() => !o.current && switchTo.mutate(o.id)}>
              <span className="min-w-0 flex-1 truncate">{o.name}</span>
              {o.current && <Check aria-label="Current organization" className="size-4" />}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
