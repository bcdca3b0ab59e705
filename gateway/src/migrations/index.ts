import { m0001Identity } from './0001-identity.ts';
import { m0002OrganizationSettings } from './0002-organization-settings.ts';
import { m0003PublicApi } from './0003-public-api.ts';
import { m0004SessionRole } from './0004-session-role.ts';
import { m0005PlanLimits } from './0005-plan-limits.ts';
import { m0006Invitations } from './0006-invitations.ts';
import { m0007AccountSecurity } from './0007-account-security.ts';
import { m0008PublicApiV2 } from './0008-public-api-v2.ts';
import { m0009QuotePrefix } from './0009-quote-prefix.ts';
import { m0010EInvoiceSettings } from './0010-e-invoice-settings.ts';
import { m0011Portal } from './0011-portal.ts';
import { m0012TaxRounding } from './0012-tax-rounding.ts';
import { m0013VatFiling } from './0013-vat-filing.ts';

export const migrations = [
  m0001Identity,
  m0002OrganizationSettings,
  m0003PublicApi,
  m0004SessionRole,
  m0005PlanLimits,
  m0006Invitations,
  m0007AccountSecurity,
  m0008PublicApiV2,
  m0009QuotePrefix,
  m0010EInvoiceSettings,
  m0011Portal,
  m0012TaxRounding,
  m0013VatFiling,
];
