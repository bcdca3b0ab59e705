import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { OrganizationSettings, OrganizationUpdated, type OrganizationUpdatedData } from '@billpoint/proto';
import { waitFor, type HttpClient } from '@billpoint/kit/testing';
import type { ServiceContext } from '@billpoint/kit';
import type { Stack } from '../../../../gateway/test/support/stack.ts';

/**
 * Publishes `organization.updated` for a tenant as the gateway will once the portal and white-label settings exist
 * (portal address, white-label in effect, verified custom domain), over its current settings, and waits
 * until billing's read model has it.
 */
export async function brandOrganization(
  stack: Stack,
  c: HttpClient,
  tenantId: string,
  o: { portalSlug?: string; whiteLabelActive?: boolean; customDomain?: string | null; verified?: boolean; defaultLanguage?: string },
) {
  const current = OrganizationSettings.parse((await c.get('/api/organization-settings')).json);
  const updatedAt = new Date(Date.now() + 1000).toISOString();
  const data: OrganizationUpdatedData = {
    ...current,
    id: tenantId,
    portalSlug: o.portalSlug ?? current.portalSlug,
    isWhiteLabel: o.whiteLabelActive ?? false,
    whiteLabelActive: o.whiteLabelActive ?? false,
    defaultLanguage: o.defaultLanguage ?? current.defaultLanguage,
    customDomainStatus: { ...current.customDomainStatus, domain: o.customDomain ?? null, verified: o.verified ?? false },
    updatedAt,
  };
  const id = randomUUID();
  const envelope = { id, type: OrganizationUpdated, occurredAt: updatedAt, tenantId, actorId: null, data };
  await stack.bus.publish(OrganizationUpdated, envelope, { msgId: id });
  await waitFor(async () => {
    const { rows } = await stack.db.query<{ version: Date | null }>(`select version from billing.organizations where tenant_id = $1`, [
      tenantId,
    ]);
    return rows[0]?.version?.toISOString() === updatedAt;
  });
}

/** The outbox directory of the stack's billing (mail without SMTP_URL is written there as .eml files). */
export const outboxOf = (stack: Stack) => ((stack.billing.ctx as ServiceContext).config as { MAIL_OUTBOX_DIR?: string }).MAIL_OUTBOX_DIR!;

/** Every mail in the outbox addressed to `to`, parsed, with its raw text. */
export async function mailsTo(stack: Stack, to: string): Promise<(ParsedMail & { raw: string })[]> {
  const dir = outboxOf(stack);
  const raws = readdirSync(dir)
    .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
    .filter((raw) => raw.includes(`To: ${to}`));
  return Promise.all(raws.map(async (raw) => Object.assign(await simpleParser(raw), { raw })));
}
