import { randomBytes } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  customDomainTxtName,
  OrganizationUpdated,
  PortalSettingsMessages,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  type OrganizationUpdatedData,
  type PlanGrant,
  type TaxRounding,
  type VatFilingFrequency,
} from '@billpoint/proto';
import { addEvent, Conflict, Forbidden, NotFound } from '@billpoint/kit';
import { ensurePortalSlug, setPortalSlug } from './portal-slug.ts';

interface Row {
  name: string;
  portal_slug: string | null;
  company_name: string | null;
  company_email: string | null;
  company_website: string | null;
  default_currency: string | null;
  default_language: string | null;
  timezone: string | null;
  custom_domain: string | null;
  invoice_prefix: string | null;
  quote_prefix: string | null;
  billing_address: Partial<Record<keyof OrganizationSettings['billingAddress'], string | null>> | null;
  bank_details: Partial<Record<keyof OrganizationSettings['bankDetails'], string | null>> | null;
  attach_factur_x: boolean | null;
  tax_rounding: TaxRounding | null;
  vat_filing_frequency: VatFilingFrequency | null;
  vat_deadline_extension: boolean | null;
  logo_url: string | null;
  is_white_label: boolean | null;
  custom_domain_token: string | null;
  verified_at: string | null;
  checked_at: string | null;
  updated_at: string | null;
}

const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// SQL: one row joined to its organization with defaults for a row not saved yet; the ORM gives the transaction
// and the outbox (organization.updated commits with the change).
const READ_SQL = `select o.name, o.portal_slug, s.company_name, s.company_email, s.company_website, s.default_currency,
    s.default_language, s.timezone, s.custom_domain, s.invoice_prefix, s.quote_prefix, s.billing_address, s.bank_details,
    s.attach_factur_x, s.tax_rounding, s.vat_filing_frequency, s.vat_deadline_extension, s.logo_url, s.is_white_label, s.custom_domain_token,
    ${iso('s.custom_domain_verified_at')} as verified_at, ${iso('s.custom_domain_checked_at')} as checked_at,
    ${iso('s.updated_at')} as updated_at
  from gateway.organizations o left join gateway.organization_settings s on s.organization_id = o.id where o.id = ?`;

/** What the tenant's plan grants now (the gateway's plan read model); null when it cannot be known. */
export type PlanOf = (tenantId: string) => Promise<PlanGrant | null>;

const toSettings = (r: Row, plan: PlanGrant | null): OrganizationSettings => ({
  organizationName: r.name,
  companyName: r.company_name ?? r.name,
  companyEmail: r.company_email,
  companyWebsite: r.company_website,
  defaultCurrency: (r.default_currency ?? 'USD').trim(),
  defaultLanguage: r.default_language ?? 'en',
  timezone: r.timezone ?? 'UTC',
  customDomain: r.custom_domain,
  invoicePrefix: r.invoice_prefix ?? 'INV',
  quotePrefix: r.quote_prefix ?? 'QUO',
  billingAddress: {
    address: r.billing_address?.address ?? null,
    phone: r.billing_address?.phone ?? null,
    email: r.billing_address?.email ?? null,
    taxId: r.billing_address?.taxId ?? null,
    street: r.billing_address?.street ?? null,
    postalCode: r.billing_address?.postalCode ?? null,
    city: r.billing_address?.city ?? null,
    country: r.billing_address?.country ?? null,
  },
  bankDetails: {
    iban: r.bank_details?.iban ?? null,
    bic: r.bank_details?.bic ?? null,
    accountHolder: r.bank_details?.accountHolder ?? null,
  },
  attachFacturX: r.attach_factur_x ?? false,
  taxRounding: r.tax_rounding ?? 'per_rate',
  vatFilingFrequency: r.vat_filing_frequency ?? 'monthly',
  vatDeadlineExtension: r.vat_deadline_extension ?? false,
  logoUrl: r.logo_url,
  portalSlug: r.portal_slug ?? '',
  isWhiteLabel: r.is_white_label ?? false,
  whiteLabelActive: (r.is_white_label ?? false) && plan?.plan === 'enterprise',
  customDomainStatus: {
    domain: r.custom_domain,
    txtName: r.custom_domain ? customDomainTxtName(r.custom_domain) : null,
    txtValue: r.custom_domain ? r.custom_domain_token : null,
    verified: r.custom_domain !== null && r.verified_at !== null,
    verifiedAt: r.verified_at,
    lastCheckedAt: r.checked_at,
  },
  updatedAt: r.updated_at,
});

/** The organization's settings as `em` sees them (inside its transaction, if any). */
async function settingsIn(em: EntityManager, organizationId: string, plan: PlanGrant | null): Promise<OrganizationSettings> {
  const [row] = await em.execute<Row[]>(READ_SQL, [organizationId]);
  if (!row) throw new NotFound('Organization not found');
  return toSettings(row, plan);
}

/**
 * Adds `organization.updated` with all of the organization's settings to `em`'s transaction (a new organization's
 * first settings: its portal slug is already made); answers them.
 */
export async function addOrganizationUpdated(
  em: EntityManager,
  organizationId: string,
  actorId: string | null,
  plan: PlanGrant | null,
): Promise<OrganizationSettings> {
  const settings = await settingsIn(em, organizationId, plan);
  addEvent<OrganizationUpdatedData>(em, {
    subject: OrganizationUpdated,
    tenantId: organizationId,
    actorId,
    data: { id: organizationId, ...settings },
  });
  return settings;
}

/** A custom domain's proof token: what the organization publishes as TXT `_billpoint.{domain}`. */
export const newDomainToken = () => `billpoint-verify=${randomBytes(18).toString('base64url')}`;

/**
 * The organization's settings: read by any member, saved by admins; `organization.updated` commits with a save, with a
 * custom domain's verification and with a plan change that turns white-label on or off.
 */
export class SettingsService {
  readonly #orm: MikroORM;
  readonly #published: () => void;
  readonly #plan: PlanOf;
  /** `trust` (npm start): a saved custom domain counts as verified at once; `dns`: the TXT record must prove it. */
  readonly #trustDomains: boolean;
  constructor(o: { orm: MikroORM; published: () => void; plan: PlanOf; trustDomains: boolean }) {
    this.#orm = o.orm;
    this.#published = o.published;
    this.#plan = o.plan;
    this.#trustDomains = o.trustDomains;
  }

  async #read(em: EntityManager, organizationId: string, plan?: PlanGrant | null): Promise<OrganizationSettings> {
    const [row] = await em.execute<Row[]>(READ_SQL, [organizationId]);
    if (!row) throw new NotFound('Organization not found');
    if (!row.portal_slug) row.portal_slug = await ensurePortalSlug(this.#orm.em.fork(), organizationId, row.name);
    return toSettings(row, plan === undefined ? await this.#plan(organizationId) : plan);
  }

  async get(organizationId: string): Promise<OrganizationSettings> {
    return this.#read(this.#orm.em.fork(), organizationId);
  }

  async save(organizationId: string, actorId: string, s: OrganizationSettingsInput): Promise<OrganizationSettings> {
    const plan = await this.#plan(organizationId);
    // Made before the transaction: a slug taken concurrently must not abort it.
    await this.get(organizationId);
    const saved = await this.#orm.em.fork().transactional(async (em) => {
      const name = s.organizationName || s.companyName;
      const [before] = await em.execute<
        {
          custom_domain: string | null;
          is_white_label: boolean | null;
          tax_rounding: TaxRounding | null;
          logo_url: string | null;
          vat_filing_frequency: VatFilingFrequency | null;
          vat_deadline_extension: boolean | null;
        }[]
      >(
        `select s.custom_domain, s.is_white_label, s.tax_rounding, s.logo_url, s.vat_filing_frequency, s.vat_deadline_extension
           from gateway.organizations o
           left join gateway.organization_settings s on s.organization_id = o.id where o.id = ? for update of o`,
        [organizationId],
      );
      if (!before) throw new NotFound('Organization not found');
      if (s.isWhiteLabel === true && !before.is_white_label && plan?.plan !== 'enterprise')
        throw new Forbidden(PortalSettingsMessages.whiteLabelPlan(plan?.displayName ?? 'a plan that is not known yet'));
      await em.execute(`update gateway.organizations set name = ? where id = ?`, [name, organizationId]);
      if (s.portalSlug !== undefined) await setPortalSlug(em, organizationId, s.portalSlug);
      const domain = s.customDomain ?? null;
      const domainChanged = domain !== (before.custom_domain ?? null);
      if (domain && domainChanged && this.#trustDomains) await this.#refuseVerifiedElsewhere(em, organizationId, domain);
      await em.execute(
        `insert into gateway.organization_settings (organization_id, company_name, company_email, company_website, default_currency,
           default_language, timezone, custom_domain, invoice_prefix, quote_prefix, billing_address, bank_details, attach_factur_x, logo_url,
           is_white_label, tax_rounding, vat_filing_frequency, vat_deadline_extension, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?, now())
         on conflict (organization_id) do update set company_name = excluded.company_name, company_email = excluded.company_email,
           company_website = excluded.company_website, default_currency = excluded.default_currency,
           default_language = excluded.default_language, timezone = excluded.timezone, custom_domain = excluded.custom_domain,
           invoice_prefix = excluded.invoice_prefix, quote_prefix = excluded.quote_prefix, billing_address = excluded.billing_address,
           bank_details = excluded.bank_details, attach_factur_x = excluded.attach_factur_x, logo_url = excluded.logo_url,
           is_white_label = excluded.is_white_label, tax_rounding = excluded.tax_rounding,
           vat_filing_frequency = excluded.vat_filing_frequency, vat_deadline_extension = excluded.vat_deadline_extension,
           updated_at = now()`,
        [
          ...[organizationId, s.companyName, s.companyEmail ?? null, s.companyWebsite ?? null, s.defaultCurrency, s.defaultLanguage],
          ...[s.timezone, domain, s.invoicePrefix, s.quotePrefix, JSON.stringify(s.billingAddress)],
          ...[JSON.stringify(s.bankDetails), s.attachFacturX],
          // Absent keeps the logo (null removes it), white-label, the rounding and VAT filing.
          s.logoUrl === undefined ? (before.logo_url ?? null) : s.logoUrl,
          s.isWhiteLabel ?? before.is_white_label ?? false,
          s.taxRounding ?? before.tax_rounding ?? 'per_rate',
          s.vatFilingFrequency ?? before.vat_filing_frequency ?? 'monthly',
          s.vatDeadlineExtension ?? before.vat_deadline_extension ?? false,
        ],
      );
      if (domainChanged)
        // A new domain must be proven again, with a new token (`trust`: it counts as verified at once).
        await em.execute(
          `update gateway.organization_settings set custom_domain_token = ?, custom_domain_checked_at = null,
             custom_domain_verified_at = ${this.#trustDomains && domain ? 'now()' : 'null'} where organization_id = ?`,
          [domain ? newDomainToken() : null, organizationId],
        );
      return this.#publish(em, organizationId, actorId, plan);
    });
    this.#published();
    return saved;
  }

  async #refuseVerifiedElsewhere(em: EntityManager, organizationId: string, domain: string) {
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from gateway.organization_settings
        where lower(custom_domain) = ? and custom_domain_verified_at is not null and organization_id <> ?`,
      [domain, organizationId],
    );
    if (row!.n > 0) throw new Conflict(PortalSettingsMessages.domainTaken);
  }

  /** Reads the settings inside `em`'s transaction and adds `organization.updated` with all of them. */
  async #publish(em: EntityManager, organizationId: string, actorId: string | null, plan?: PlanGrant | null) {
    const settings = await this.#read(em, organizationId, plan);
    addEvent<OrganizationUpdatedData>(em, {
      subject: OrganizationUpdated,
      tenantId: organizationId,
      actorId,
      data: { id: organizationId, ...settings },
    });
    return settings;
  }

  /**
   * Records a check of the custom domain `domain` (still the organization's): verified or not. A domain verified by
   * another organization meanwhile stays unverified here. Publishes `organization.updated` when the state changed.
   */
  async recordDomainCheck(organizationId: string, domain: string, verified: boolean): Promise<OrganizationSettings> {
    const changed = await this.#orm.em.fork().transactional(async (em) => {
      const [row] = await em.execute<{ was: boolean; taken: boolean }[]>(
        `select custom_domain_verified_at is not null as was,
                exists (select 1 from gateway.organization_settings o where lower(o.custom_domain) = ?
                          and o.custom_domain_verified_at is not null and o.organization_id <> s.organization_id) as taken
           from gateway.organization_settings s where organization_id = ? and custom_domain = ? for update`,
        [domain, organizationId, domain],
      );
      if (!row) return false;
      const now = verified && !row.taken;
      await em.execute(
        `update gateway.organization_settings set custom_domain_checked_at = now(),
           custom_domain_verified_at = case when ? then coalesce(custom_domain_verified_at, now()) else null end
         where organization_id = ?`,
        [now, organizationId],
      );
      if (now === row.was) return false;
      await this.#publish(em, organizationId, null);
      return true;
    });
    if (changed) this.#published();
    return this.get(organizationId);
  }

  /** The plan changed: when white-label is on, its effect may have changed, so billing hears the settings again. */
  async planChanged(organizationId: string, plan: PlanGrant): Promise<void> {
    const published = await this.#orm.em.fork().transactional(async (em) => {
      const [row] = await em.execute<{ on: boolean }[]>(
        `select is_white_label as on from gateway.organization_settings where organization_id = ?`,
        [organizationId],
      );
      if (!row?.on) return false;
      await this.#publish(em, organizationId, null, plan);
      return true;
    });
    if (published) this.#published();
  }
}
