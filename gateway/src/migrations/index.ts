import { m0001Identity } from './0001-identity.ts';
import { m0002OrganizationSettings } from './0002-organization-settings.ts';

export const migrations = [m0001Identity, m0002OrganizationSettings];
