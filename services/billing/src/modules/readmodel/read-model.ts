import type { OrganizationCreatedData, OrganizationUpdatedData } from '@billpoint/proto';
import type { EntityManager, Logger } from '@billpoint/kit';
import { rebase } from '../exchange-rate/rebase.ts';
import { applyLatestReference } from '../exchange-rate/reference-rates.ts';
import { baseCurrency } from '../exchange-rate/exchange-rate.sql.ts';

/**
 * The sender block of the PDF: billing's copy of each organization (tenant), from `organization.created`.
 * (Customers are kept by the kit's read model: `customers.read-model.ts`.)
 */
export async function upsertOrganization(em: EntityManager, o: OrganizationCreatedData): Promise<void> {
  // The portal's address comes with it; a later organization.updated (applied first) keeps its own.
  await em.execute(
    `insert into billing.organizations as t (tenant_id, name, portal_slug) values (?, ?, ?)
     on conflict (tenant_id) do update set name = excluded.name,
       portal_slug = coalesce(nullif(t.portal_slug, ''), excluded.portal_slug), updated_at = now()`,
    [o.id, o.name, o.portalSlug ?? null],
  );
  // A new organization has the newest reference exchange rates at once (in USD until its settings say otherwise).
  await applyLatestReference(em, o.id, await baseCurrency(em, o.id));
}

/**
 * `organization.updated`: the portal address and white-label, the seller block of the PDF and of e-invoices (address parts, bank account, base currency), the invoice prefix new numbers take, the time zone "today" is
 * taken in. Kept by version (the settings' updatedAt): an older event changes nothing.
 */
export async function applyOrganizationSettings(em: EntityManager, o: OrganizationUpdatedData, log: Logger): Promise<void> {
  // The base currency before this event (USD until one was said): a change restates the figures.
  const [before] = await em.execute<{ base: string }[]>(
    `select coalesce(default_currency, 'USD') as base from billing.organizations where tenant_id = ? for update`,
    [o.id],
  );
  const applied = await em.execute<{ tenant_id: string }[]>(
    `insert into billing.organizations as t (tenant_id, name, timezone, company_email, company_website, address, phone, billing_email,
       tax_id, logo_url, version, street, postal_code, city, country, bank_iban, bank_bic, bank_account_holder, default_currency,
       attach_factur_x, portal_slug, is_white_label, custom_domain, custom_domain_verified, default_language,
       tax_rounding)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (tenant_id) do update set name = excluded.name, timezone = excluded.timezone, default_currency = excluded.default_currency,
       company_email = excluded.company_email, company_website = excluded.company_website, address = excluded.address,
       phone = excluded.phone, billing_email = excluded.billing_email, tax_id = excluded.tax_id, logo_url = excluded.logo_url,
       version = excluded.version, street = excluded.street, postal_code = excluded.postal_code, city = excluded.city,
       country = excluded.country, bank_iban = excluded.bank_iban, bank_bic = excluded.bank_bic,
       bank_account_holder = excluded.bank_account_holder,
       attach_factur_x = excluded.attach_factur_x, portal_slug = excluded.portal_slug, is_white_label = excluded.is_white_label,
       custom_domain = excluded.custom_domain, custom_domain_verified = excluded.custom_domain_verified,
       default_language = excluded.default_language, tax_rounding = excluded.tax_rounding, updated_at = now()
       where t.version is null or t.version < excluded.version
     returning tenant_id`,
    [
      ...[o.id, o.companyName, o.timezone, o.companyEmail, o.companyWebsite, o.billingAddress.address, o.billingAddress.phone],
      ...[o.billingAddress.email, o.billingAddress.taxId, o.logoUrl, o.updatedAt],
      ...[o.billingAddress.street, o.billingAddress.postalCode, o.billingAddress.city, o.billingAddress.country],
      ...[o.bankDetails.iban, o.bankDetails.bic, o.bankDetails.accountHolder, o.defaultCurrency, o.attachFacturX],
      // The portal address, white-label as it takes effect (Enterprise only), the verified custom domain.
      ...[o.portalSlug || null, o.whiteLabelActive, o.customDomainStatus.domain, o.customDomainStatus.verified, o.defaultLanguage],
      o.taxRounding,
    ],
  );
  if (!applied.length) return;
  const from = (before?.base ?? 'USD').trim();
  if (from !== o.defaultCurrency) {
    await rebase(em, log, o.id, from, o.defaultCurrency);
    // The reference day in the new base, exact (restated rates of that day are replaced; manual ones stay).
    await applyLatestReference(em, o.id, o.defaultCurrency);
  }
  await em.execute(
    `insert into billing.numbering (tenant_id, prefix) values (?, ?) on conflict (tenant_id) do update set prefix = excluded.prefix`,
    [o.id, o.invoicePrefix],
  );
  // The quote prefix: new quotes take it; the tenant's one quote sequence continues under it (gap-free per kind).
  if (o.quotePrefix)
    await em.execute(
      `insert into billing.document_sequences (tenant_id, kind, prefix) values (?, 'quote', ?)
       on conflict (tenant_id, kind) do update set prefix = excluded.prefix`,
      [o.id, o.quotePrefix],
    );
}
