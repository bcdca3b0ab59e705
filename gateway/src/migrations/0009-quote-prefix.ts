import { sqlMigration } from '@billpoint/kit/migrations';

/** The organization's quote number prefix, beside its invoice prefix (billing keeps it with the quote sequence). */
export const m0009QuotePrefix = sqlMigration('0009_quote_prefix', [
  `alter table gateway.organization_settings add column quote_prefix text not null default 'QUO'`,
]);
