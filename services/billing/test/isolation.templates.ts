import type { IsolationEntry, Tenant } from '@billpoint/kit/testing';
import type { InvoiceTemplate, UploadLogoAnswer } from '@billpoint/proto';
import { makePng } from './support/images.ts';
import { makeTemplate, uploadLogo } from './support/templates.ts';

/** A tenant's templates and logo for the isolation matrix: names and texts carry its tag. */
export async function seedTemplates(t: Tenant) {
  const upload = await uploadLogo(t.client, makePng(), { type: 'image/png' });
  if (upload.status !== 201) throw new Error(`logo upload failed: ${upload.status} ${upload.text}`);
  const logoUrl = (upload.json as UploadLogoAnswer).url;
  const template: InvoiceTemplate = await makeTemplate(t.client, {
    name: `Look ${t.tag}`,
    headerHtml: `Header ${t.tag}`,
    notes: `Template notes ${t.tag}`,
    logoUrl,
  });
  return { template, logoUrl };
}
type Seeded = Awaited<ReturnType<typeof seedTemplates>>;

export const templateSecrets = (f: Seeded) => [f.template.name, f.template.headerHtml!, f.template.notes!, f.logoUrl.split('/').pop()!];

/** What tenant B gets on each template route with A's ids (B's own template where a route needs one). */
export const templateIsolationRoutes = <F extends { templates: Seeded }>(): Record<string, IsolationEntry<F>> => ({
  'GET /api/invoice-templates': { answers: 'collection', showsOwn: true, call: () => ({ path: '/api/invoice-templates' }) },
  'GET /api/invoice-templates/:id': { answers: 'not-found', call: (a) => ({ path: `/api/invoice-templates/${a.templates.template.id}` }) },
  'POST /api/invoice-templates': {
    answers: 'status',
    status: [400], // A's logo is not B's
    call: (a) => ({ path: '/api/invoice-templates', body: { name: 'Borrowed look', logoUrl: a.templates.logoUrl } }),
  },
  'PUT /api/invoice-templates/:id': {
    answers: 'not-found',
    call: (a, b) => [
      { path: `/api/invoice-templates/${a.templates.template.id}`, body: { name: 'Hijack', isDefault: true } },
      { path: `/api/invoice-templates/${b.templates.template.id}`, body: { logoUrl: a.templates.logoUrl }, status: [400] },
    ],
  },
  'DELETE /api/invoice-templates/:id': {
    answers: 'not-found',
    call: (a) => ({ path: `/api/invoice-templates/${a.templates.template.id}` }),
  },
  'POST /api/invoice-templates/:id/duplicate': {
    answers: 'not-found',
    call: (a) => ({ path: `/api/invoice-templates/${a.templates.template.id}/duplicate` }),
  },
  'POST /api/invoice-templates/preview': {
    answers: 'status',
    status: [200], // B's own sample, without A's logo (it is looked up in B's tenant only)
    call: (a) => ({ path: '/api/invoice-templates/preview', body: { logoUrl: a.templates.logoUrl, layout: 'modern' } }),
  },
  'POST /api/upload-logo': { answers: 'status', status: [400], call: () => ({ path: '/api/upload-logo', body: { logo: 'x' } }) },
});
