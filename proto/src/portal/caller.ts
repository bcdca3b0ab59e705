/**
 * The third kind of caller (DESIGN "Identity, tenancy, trust"): a customer of one organization signed in to the
 * customer portal. The gateway signs its internal token with `sub` = `portal:<customerId>` (role `user`, no scopes);
 * the kit admits such a token only on routes declaring `permission: 'portal'`, and admits only such tokens there.
 * A portal caller holds no permission of proto/src/permissions.ts whatever role its token carries.
 */
export const PORTAL_CALLER_PREFIX = 'portal:';

/** The internal token subject of a portal session of customer `customerId`. */
export const portalUserId = (customerId: number) => `${PORTAL_CALLER_PREFIX}${customerId}`;

export const isPortalUserId = (userId: string) => userId.startsWith(PORTAL_CALLER_PREFIX);

/** The customer id of a portal caller's subject; null for any other caller. */
export function portalCustomerIdOf(userId: string): number | null {
  if (!isPortalUserId(userId)) return null;
  const id = Number(userId.slice(PORTAL_CALLER_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The refusals of the kit and the gateway (403). */
export const PortalMessages = {
  portalOnly: 'This route is for a customer signed in to the portal',
  notForPortal: 'A customer portal session cannot use this route',
} as const;
