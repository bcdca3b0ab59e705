import { Navigate, Outlet } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { ListLoadFailed } from '@/components/list-parts';
import { useMe } from '../api/portal-api';
import { usePortal } from '../lib/portal-context';
import { portalHref } from '../lib/portal-paths';

/**
 * The signed-in screens: without a portal session of this organization's portal, its sign-in page. A session of
 * another organization's portal counts as none here.
 */
export function PortalGate() {
  const context = usePortal();
  const me = useMe();
  if (me.isPending) return <Spinner label="Loading" showLabel className="py-24" />;
  if (me.isError) return <ListLoadFailed what="your account" onRetry={() => void me.refetch()} />;
  if (!me.data || me.data.branding.slug !== context.branding.slug) return <Navigate to={portalHref.signIn(context.slug)} replace />;
  return <Outlet context={context} />;
}
