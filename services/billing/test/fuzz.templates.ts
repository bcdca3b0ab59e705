import type { FuzzRoute, Tenant } from '@billpoint/kit/testing';
import type { InvoiceTemplate, UploadLogoAnswer } from '@billpoint/proto';
import { makePng } from './support/images.ts';
import { makeTemplate, uploadLogo } from './support/templates.ts';

/** What the template routes need of a fuzzing tenant: a template (the default) and one uploaded logo. */
export type TemplateFuzzCtx = { templateId: number; logoUrl: string };

export async function templateFuzzSetup(t: Tenant): Promise<TemplateFuzzCtx> {
  const template = await makeTemplate(t.client, { name: 'Fuzz default' });
  const upload = await uploadLogo(t.client, makePng(), { type: 'image/png' });
  if (upload.status !== 201) throw new Error(`logo upload failed: ${upload.status} ${upload.text}`);
  return { templateId: template.id, logoUrl: (upload.json as UploadLogoAnswer).url };
}

/** A generated logo URL is nobody's logo: make it this tenant's, or none. */
const fitLogo = (v: any, ctx: TemplateFuzzCtx) =>
  v && typeof v === 'object' && typeof v.logoUrl === 'string' ? { ...v, logoUrl: v.logoUrl.length % 2 ? ctx.logoUrl : null } : v;

/** JSON object keys in one order (jsonb keeps its own). */
const sorted = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(
        Object.entries(v)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, x]) => [k, sorted(x)]),
      )
    : v;

async function readTemplate(client: { get(p: string): Promise<{ json: any }> }, id: number, parsed: Record<string, unknown>) {
  const got = (await client.get(`/api/invoice-templates/${id}`)).json as InvoiceTemplate;
  const keys = Object.keys(parsed).filter((k) => parsed[k] !== undefined);
  return {
    actual: sorted(Object.fromEntries(keys.map((k) => [k, (got as Record<string, unknown>)[k]]))),
    expected: sorted(Object.fromEntries(keys.map((k) => [k, parsed[k]]))),
  };
}

export const templateFuzzRoutes = <C extends TemplateFuzzCtx>(): Record<string, FuzzRoute<C>> => ({
  'POST /api/invoice-templates': {
    fix: (v, ctx) => fitLogo(v, ctx),
    readBack: ({ parsed, answer, client }) => readTemplate(client, answer.id, parsed),
  },
  'PUT /api/invoice-templates/:id': {
    path: (ctx) => `/api/invoice-templates/${ctx.templateId}`,
    fix: (v, ctx) => fitLogo(v, ctx),
    readBack: ({ parsed, client, ctx }) => readTemplate(client, ctx.templateId, parsed),
  },
  'POST /api/invoice-templates/preview': { fix: (v, ctx) => fitLogo(v, ctx) },
});
