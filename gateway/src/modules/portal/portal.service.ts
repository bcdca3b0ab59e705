import type { MikroORM } from '@mikro-orm/postgresql';
import {
  CustomersFindByEmailRpc,
  CustomersGetRpc,
  CustomersPortalUpdateRpc,
  PortalSettingsMessages,
  TemplateDefaults,
  type OrganizationSettings,
  type PortalBranding,
  type PortalCustomer,
  type PortalMe,
  type PortalProfileInput,
} from '@billpoint/proto';
import { NotFound, rpcCall, type Bus, type Logger, type Mailer } from '@billpoint/kit';
import type { SettingsService } from '../settings/settings.service.ts';
import type { PortalSession, PortalSessions } from './portal-sessions.ts';
import { portalSignInMail } from './portal-mail.ts';

/** The organization a portal request is about: by its slug, or by the custom domain it was asked on. */
export interface PortalOrganization {
  tenantId: string;
  settings: OrganizationSettings;
}

const toPortalCustomer = (c: PortalCustomer): PortalCustomer => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  company: c.company,
  address: c.address,
  street: c.street,
  postalCode: c.postalCode,
  city: c.city,
  country: c.country,
  taxId: c.taxId,
});

export const brandingOf = (s: OrganizationSettings): PortalBranding => ({
  slug: s.portalSlug,
  organizationName: s.companyName || s.organizationName,
  logoUrl: s.logoUrl,
  primaryColor: TemplateDefaults.primaryColor,
  secondaryColor: TemplateDefaults.secondaryColor,
  whiteLabel: s.whiteLabelActive,
});

/** The customer portal's use cases in the gateway: which organization, sign-in by link, the customer's own profile. */
export class PortalService {
  readonly #orm: MikroORM;
  readonly #settings: SettingsService;
  readonly #sessions: PortalSessions;
  readonly #bus: Bus;
  readonly #mailer: Mailer;
  readonly #mailFrom: string;
  readonly #log: Logger;
  constructor(o: {
    orm: MikroORM;
    settings: SettingsService;
    sessions: PortalSessions;
    bus: Bus;
    mailer: Mailer;
    mailFrom: string;
    logger: Logger;
  }) {
    this.#orm = o.orm;
    this.#settings = o.settings;
    this.#sessions = o.sessions;
    this.#bus = o.bus;
    this.#mailer = o.mailer;
    this.#mailFrom = o.mailFrom;
    this.#log = o.logger;
  }

  /**
   * The organization of `slug`; on a custom domain (`hostTenant`) the slug, when given, must be that organization's.
   * 404 "Portal not found" otherwise.
   */
  async organization(slug: string | undefined, hostTenant: string | null): Promise<PortalOrganization> {
    let tenantId = hostTenant;
    if (slug !== undefined) {
      const [row] = await this.#orm.em
        .getConnection()
        .execute<{ id: string }[]>(`select id from gateway.organizations where portal_slug = ?`, [slug.toLowerCase()]);
      if (!row || (hostTenant && row.id !== hostTenant)) throw new NotFound(PortalSettingsMessages.portalNotFound);
      tenantId = row.id;
    }
    if (!tenantId) throw new NotFound(PortalSettingsMessages.portalNotFound);
    return { tenantId, settings: await this.#settings.get(tenantId) };
  }

  /**
   * Sends a sign-in link when `email` is one of the organization's customers. The caller answers 202 without waiting
   * for this (the same answer, at the same speed, whether or not the address is known); failures are logged only.
   */
  async signIn(org: PortalOrganization, email: string, origin: string): Promise<void> {
    try {
      const customer = await rpcCall(this.#bus, CustomersFindByEmailRpc, { tenantId: org.tenantId, email }, { timeoutMs: 5_000 });
      if (!customer) return;
      const token = await this.#sessions.issueLink(org.tenantId, customer.id);
      const link = `${origin}/portal/${org.settings.portalSlug}/sign-in/${token}`;
      await this.#mailer.send(
        portalSignInMail({ to: customer.email, name: customer.name, settings: org.settings, link, from: this.#mailFrom }),
      );
    } catch (err) {
      this.#log.warn({ err, tenantId: org.tenantId }, 'portal sign-in link not sent');
    }
  }

  /** The origin of links in e-mails: the organization's verified custom domain, else PUBLIC_URL (or the request's). */
  linkOrigin(settings: OrganizationSettings, fallback: string): string {
    const d = settings.customDomainStatus;
    return d.verified && d.domain ? `https://${d.domain}` : fallback;
  }

  async me(s: PortalSession): Promise<PortalMe> {
    const [customer, settings] = await Promise.all([
      rpcCall(this.#bus, CustomersGetRpc, { tenantId: s.tenantId, id: s.customerId }, { timeoutMs: 5_000 }),
      this.#settings.get(s.tenantId),
    ]);
    if (!customer) throw new NotFound('Customer not found');
    return { customer: toPortalCustomer(customer), branding: brandingOf(settings) };
  }

  async updateProfile(s: PortalSession, profile: PortalProfileInput): Promise<PortalMe> {
    const [customer, settings] = await Promise.all([
      rpcCall(this.#bus, CustomersPortalUpdateRpc, { tenantId: s.tenantId, customerId: s.customerId, profile }, { timeoutMs: 5_000 }),
      this.#settings.get(s.tenantId),
    ]);
    if (!customer) throw new NotFound('Customer not found');
    return { customer: toPortalCustomer(customer), branding: brandingOf(settings) };
  }
}
