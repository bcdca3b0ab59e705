import { logoKeyOf, type TemplateSettings } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import { BUILT_IN_DESIGN, prepareLogo, type PdfDesign, type PreparedLogo } from '../invoice/pdf/index.ts';
import { TEMPLATE_COLUMNS, toTemplate, type TemplateRow } from './template.sql.ts';

/**
 * Decoded logos by tenant and logo key. A key names one stored file for good (a new upload is a new key), so an
 * entry never goes stale; the map is bounded (least recently used out). Another tenant's key cannot be read: the
 * bytes are loaded under the tenant's row-level security, and the key is part of the cache key with the tenant.
 */
const LOGOS = 64;
const logos = new Map<string, Promise<PreparedLogo | null>>();

export function cachedLogo(ctx: ServiceContext, tenantId: string, key: string): Promise<PreparedLogo | null> {
  const id = `${tenantId}/${key}`;
  let hit = logos.get(id);
  if (hit) {
    logos.delete(id);
    logos.set(id, hit);
    return hit;
  }
  hit = loadLogoFile(ctx, tenantId, key)
    .then((f) => (f ? prepareLogo(f.contentType, f.bytes) : null))
    .catch((err: unknown) => {
      logos.delete(id); // a failure is not remembered
      ctx.logger.warn({ err, tenantId }, 'logo could not be prepared for a PDF; drawn without it');
      return null;
    });
  logos.set(id, hit);
  if (logos.size > LOGOS) logos.delete(logos.keys().next().value!);
  return hit;
}

/** A logo's bytes and type in the tenant, or null. */
export async function loadLogoFile(ctx: ServiceContext, tenantId: string, key: string) {
  const [row] = await ctx.reader.query<{ content_type: string; bytes: Buffer }>(
    tenantId,
    `select f.content_type, f.bytes from billing.logos l join billing.files f on f.id = l.file_id and f.tenant_id = l.tenant_id
      where l.tenant_id = $1 and l.key = $2`,
    [tenantId, key],
  );
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
}

/**
 * Settings plus their logo, decoded: the template's own logo, else `fallbackLogoUrl` (the organization's); none when
 * the template hides the logo or the URL names none of the tenant's.
 */
export async function designOf(
  ctx: ServiceContext,
  tenantId: string,
  settings: TemplateSettings,
  fallbackLogoUrl: string | null = null,
): Promise<PdfDesign> {
  const key = logoKeyOf(settings.logoUrl) ?? logoKeyOf(fallbackLogoUrl);
  return { settings, logo: key && settings.showCompanyLogo ? await cachedLogo(ctx, tenantId, key) : null };
}

/** The organization's own logo (organization settings), the one its documents show when their template has none. */
async function organizationLogoUrl(ctx: ServiceContext, tenantId: string): Promise<string | null> {
  const [row] = await ctx.reader.query<{ logo_url: string | null }>(
    tenantId,
    `select logo_url from billing.organizations where tenant_id = $1`,
    [tenantId],
  );
  return row?.logo_url ?? null;
}

/**
 * How an invoice's PDF looks: its template, else the tenant's default, else the built-in classic (one query: the
 * named template sorts before the default). A template with a logo of its own shows it; one without (and the built-in
 * classic) shows the organization's logo.
 */
export async function loadDesign(ctx: ServiceContext, tenantId: string, templateId: number | null): Promise<PdfDesign> {
  const [row] = await ctx.reader.query<TemplateRow>(
    tenantId,
    `select ${TEMPLATE_COLUMNS} from billing.invoice_templates t
      where t.tenant_id = $1 and (t.id = $2 or t.is_default) order by (t.id = $2) desc limit 1`,
    [tenantId, templateId ?? 0],
  );
  const settings = row ? toTemplate(row) : BUILT_IN_DESIGN.settings;
  if (logoKeyOf(settings.logoUrl) || !settings.showCompanyLogo) return row ? designOf(ctx, tenantId, settings) : BUILT_IN_DESIGN;
  return designOf(ctx, tenantId, settings, await organizationLogoUrl(ctx, tenantId));
}
