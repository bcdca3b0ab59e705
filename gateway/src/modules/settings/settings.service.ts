import type { MikroORM } from '@mikro-orm/postgresql';
import {
  OrganizationUpdated,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  type OrganizationUpdatedData,
} from '@billpoint/proto';
import { addEvent, NotFound } from '@billpoint/kit';

interface Row {
  name: string;
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
  logo_url: string | null;
  updated_at: string | null;
}

// SQL: one row joined to its organization with defaults for a row not saved yet; the ORM gives the transaction
// and the outbox (organization.updated commits with the change).
const READ_SQL = `select o.name, s.company_name, s.company_email, s.company_website, s.default_currency, s.default_language,
    s.timezone, s.custom_domain, s.invoice_prefix, s.quote_prefix, s.billing_address, s.bank_details,
    s.attach_factur_x, s.logo_url,
    to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
  from gateway.organizations o left join gateway.organization_settings s on s.organization_id = o.id where o.id = ?`;

const toSettings = (r: Row): OrganizationSettings => ({
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
  logoUrl: r.logo_url,
  // Issue 27: filled in by the portal and white-label work (gateway migration 0011).
  portalSlug: '',
  isWhiteLabel: false,
  whiteLabelActive: false,
  customDomainStatus: { domain: r.custom_domain, txtName: null, txtValue: null, verified: false, verifiedAt: null, lastCheckedAt: null },
  updatedAt: r.updated_at,
});

/** The organization's settings: read by any member, saved by admins; `organization.updated` commits with a save. */
export class SettingsService {
  readonly #orm: MikroORM;
  readonly #published: () => void;
  constructor(orm: MikroORM, published: () => void) {
    this.#orm = orm;
    this.#published = published;
  }

  async get(organizationId: string): Promise<OrganizationSettings> {
    const [row] = await this.#orm.em.fork().execute<Row[]>(READ_SQL, [organizationId]);
    if (!row) throw new NotFound('Organization not found');
    return toSettings(row);
  }

  async save(organizationId: string, actorId: string, s: OrganizationSettingsInput): Promise<OrganizationSettings> {
    const saved = await this.#orm.em.fork().transactional(async (em) => {
      const name = s.organizationName || s.companyName;
      const updated = await em.execute<{ id: string }[]>(`update gateway.organizations set name = ? where id = ? returning id`, [
        name,
        organizationId,
      ]);
      if (!updated.length) throw new NotFound('Organization not found');
      await em.execute(
        `insert into gateway.organization_settings (organization_id, company_name, company_email, company_website, default_currency,
           default_language, timezone, custom_domain, invoice_prefix, quote_prefix, billing_address, bank_details, attach_factur_x, logo_url, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, now())
         on conflict (organization_id) do update set company_name = excluded.company_name, company_email = excluded.company_email,
           company_website = excluded.company_website, default_currency = excluded.default_currency,
           default_language = excluded.default_language, timezone = excluded.timezone, custom_domain = excluded.custom_domain,
           invoice_prefix = excluded.invoice_prefix, quote_prefix = excluded.quote_prefix, billing_address = excluded.billing_address,
           bank_details = excluded.bank_details, attach_factur_x = excluded.attach_factur_x, logo_url = excluded.logo_url,
           updated_at = now()`,
        [
          ...[organizationId, s.companyName, s.companyEmail ?? null, s.companyWebsite ?? null, s.defaultCurrency, s.defaultLanguage],
          ...[s.timezone, s.customDomain ?? null, s.invoicePrefix, s.quotePrefix, JSON.stringify(s.billingAddress)],
          ...[JSON.stringify(s.bankDetails), s.attachFacturX, s.logoUrl ?? null],
        ],
      );
      const [row] = await em.execute<Row[]>(READ_SQL, [organizationId]);
      const settings = toSettings(row!);
      addEvent<OrganizationUpdatedData>(em, {
        subject: OrganizationUpdated,
        tenantId: organizationId,
        actorId,
        data: { id: organizationId, ...settings },
      });
      return settings;
    });
    this.#published();
    return saved;
  }
}
