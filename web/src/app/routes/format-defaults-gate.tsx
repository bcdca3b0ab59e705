import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDefaults, localeOf, setFormatDefaults } from '@/lib/format';
import { organizationSettingsQueryOptions } from '@/lib/organization-settings';

/**
 * Amounts are written in the organization's currency and the locale of its language everywhere. The
 * screens render at once (en-US dollars, or what was last known) and, when the organization's settings arrive with
 * another currency or language, render anew with them — as they do after Settings changes them. A failed read keeps
 * what is known rather than holding the app.
 */
export function FormatDefaultsGate({ children }: { children: React.ReactNode }) {
  const settings = useQuery(organizationSettingsQueryOptions());
  const known = formatDefaults();
  const currency = settings.data?.defaultCurrency ?? known.currency;
  const locale = settings.data ? localeOf(settings.data.defaultLanguage) : known.locale;
  setFormatDefaults({ currency, locale });
  return <React.Fragment key={`${currency}|${locale}`}>{children}</React.Fragment>;
}
