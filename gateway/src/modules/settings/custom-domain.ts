import { Resolver } from 'node:dns/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import { customDomainTxtName, PortalSettingsMessages, type OrganizationSettings } from '@billpoint/proto';
import { Invalid, type Logger } from '@billpoint/kit';
import type { SettingsService } from './settings.service.ts';

/** CUSTOM_DOMAIN_VERIFICATION: `dns` proves a domain by its TXT record; `trust` (npm start) takes a saved domain as verified. */
export type DomainVerificationMode = 'dns' | 'trust';

/** Whether TXT `_billpoint.{domain}` holds `token`, asked of DNS_SERVERS (or the system's resolvers). */
export class TxtChecker {
  readonly #servers: string[];
  readonly #timeoutMs: number;
  constructor(o: { servers: string[]; timeoutMs?: number }) {
    this.#servers = o.servers;
    this.#timeoutMs = o.timeoutMs ?? 3_000;
  }

  async holds(domain: string, token: string): Promise<boolean> {
    const resolver = new Resolver({ timeout: this.#timeoutMs, tries: 2 });
    if (this.#servers.length) resolver.setServers(this.#servers);
    try {
      const records = await resolver.resolveTxt(customDomainTxtName(domain));
      // A TXT record may come in several strings (each at most 255 bytes): they are one value.
      return records.some((parts) => parts.join('').trim() === token);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'ESERVFAIL' || code === 'EREFUSED' || code === 'ETIMEOUT') return false;
      throw err;
    }
  }
}

/** DNS_SERVERS: `1.1.1.1,10.0.0.2:5353` → the resolver's server list (empty: the system's). */
export const parseDnsServers = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

interface Pending {
  organization_id: string;
  custom_domain: string;
  custom_domain_token: string;
}

/** Checks custom domains: one at once (the Check now button) or the unverified ones in turn (the job). */
export class CustomDomainVerification {
  readonly #orm: MikroORM;
  readonly #settings: SettingsService;
  readonly #txt: TxtChecker;
  readonly #mode: DomainVerificationMode;
  readonly #log: Logger;
  constructor(o: { orm: MikroORM; settings: SettingsService; txt: TxtChecker; mode: DomainVerificationMode; logger: Logger }) {
    this.#orm = o.orm;
    this.#settings = o.settings;
    this.#txt = o.txt;
    this.#mode = o.mode;
    this.#log = o.logger;
  }

  /** POST /api/organization-settings/custom-domain/verify: checks the organization's domain now. */
  async verifyNow(organizationId: string): Promise<OrganizationSettings> {
    const [row] = await this.#orm.em
      .fork()
      .execute<Pending[]>(
        `select organization_id, custom_domain, custom_domain_token from gateway.organization_settings where organization_id = ?`,
        [organizationId],
      );
    if (!row?.custom_domain || !row.custom_domain_token) throw new Invalid(PortalSettingsMessages.noDomain, 'customDomain');
    return this.#check(row);
  }

  async #check(row: Pending) {
    const ok = this.#mode === 'trust' || (await this.#txt.holds(row.custom_domain, row.custom_domain_token));
    return this.#settings.recordDomainCheck(row.organization_id, row.custom_domain, ok);
  }

  /**
   * The job: the unverified domains checked longest ago (at most `batch`), and verified ones not checked for a day
   * (a removed TXT record, or a domain handed to someone else, ends the verification).
   */
  async run(batch = 50): Promise<number> {
    const rows = await this.#orm.em.fork().execute<Pending[]>(
      `select organization_id, custom_domain, custom_domain_token from gateway.organization_settings
        where custom_domain is not null and custom_domain_token is not null
          and (custom_domain_verified_at is null or custom_domain_checked_at is null or custom_domain_checked_at < now() - interval '1 day')
        order by custom_domain_checked_at nulls first limit ?`,
      [batch],
    );
    for (const row of rows) {
      try {
        await this.#check(row);
      } catch (err) {
        this.#log.warn({ err, tenantId: row.organization_id }, 'custom domain check failed');
      }
    }
    return rows.length;
  }
}
