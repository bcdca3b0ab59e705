import type { FastifyInstance } from 'fastify';
import { logoKeyOf, OrganizationSettingsBody, type OrganizationMembers } from '@billpoint/proto';
import { Invalid } from '@billpoint/kit';
import { sessionOf } from '../identity/access.ts';
import type { SettingsService } from './settings.service.ts';
import type { MembersService } from './members.service.ts';
import type { CustomDomainVerification } from './custom-domain.ts';

/** GET/POST /api/organization-settings, GET /api/organization/members: the gateway owns the organization, so it answers these itself. */
export function settingsRoutes(
  app: FastifyInstance,
  o: {
    settings: SettingsService;
    members: MembersService;
    /** Whether `key` is one of the tenant's uploaded logos (billing keeps them: BillingLogoOwnedRpc). */
    logoOwned: (tenantId: string, key: string) => Promise<boolean>;
    domains: CustomDomainVerification;
    /** A custom domain's verification changed here: the host cache forgets it. */
    domainChanged: (domain: string | null) => void;
  },
) {
  app.get('/api/organization-settings', { config: { permission: 'organization.read' } }, async (req, reply) => {
    const s = sessionOf(req);
    return reply.header('cache-control', 'no-store').send(await o.settings.get(s.tenantId));
  });

  app.post(
    '/api/organization-settings',
    { config: { permission: 'organization.manage', contract: { body: OrganizationSettingsBody } } },
    async (req, reply) => {
      const s = sessionOf(req);
      const body = OrganizationSettingsBody.parse(req.body ?? {});
      // The contract admits only the form Upload Logo answers; the key must also be this tenant's own upload.
      const logoKey = logoKeyOf(body.logoUrl);
      if (body.logoUrl && (!logoKey || !(await o.logoOwned(s.tenantId, logoKey))))
        throw new Invalid('Logo not found: upload the logo again', 'logoUrl');
      const before = (await o.settings.get(s.tenantId)).customDomain;
      const saved = await o.settings.save(s.tenantId, s.userId, body);
      if (before !== saved.customDomain) o.domainChanged(before);
      return reply.header('cache-control', 'no-store').send(saved);
    },
  );

  /** "Check now": looks for the custom domain's TXT record at once (the job does it every few minutes). No body. */
  app.post('/api/organization-settings/custom-domain/verify', { config: { permission: 'organization.manage' } }, async (req, reply) => {
    const s = sessionOf(req);
    const saved = await o.domains.verifyNow(s.tenantId);
    o.domainChanged(saved.customDomain);
    return reply.header('cache-control', 'no-store').send(saved);
  });

  /**
   * The members of the caller's own organization (the session's, never a parameter). Any signed-in member may read
   * it, not only admins: who else belongs to one's organization is no secret among its members, and every screen
   * that names a colleague (the audit log's "Who") needs it.
   */
  app.get('/api/organization/members', { config: { permission: 'members.read' } }, async (req, reply) => {
    const s = sessionOf(req);
    const body: OrganizationMembers = { members: await o.members.list(s.tenantId) };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
