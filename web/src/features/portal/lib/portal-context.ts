import { useOutletContext } from 'react-router-dom';
import type { PortalBranding } from '@billpoint/proto';

/** What the portal's shell hands its screens: the organization's branding and the address's slug (none on a custom domain). */
export type PortalContext = { branding: PortalBranding; slug: string | undefined };

export const usePortal = () => useOutletContext<PortalContext>();
