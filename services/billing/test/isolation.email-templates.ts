import type { IsolationEntry, Tenant } from '@billpoint/kit/testing';

const templateBody = (tag: string) => ({
  subject: `Subject ${tag} {{ invoice.number }}`,
  htmlContent: `<p>Html ${tag}</p>`,
  textContent: `Text ${tag}`,
});

/** A tenant's own invoice e-mail template (English) for the isolation matrix: its texts carry the tag. */
export async function seedEmailTemplate(t: Tenant) {
  const res = await t.client.put('/api/email-templates/invoice?language=en', templateBody(t.tag));
  if (res.status !== 200) throw new Error(`e-mail template failed: ${res.status} ${res.text}`);
  return { subject: `Subject ${t.tag}` };
}

/**
 * What tenant B gets on the e-mail template, portal invitation and portal receipt routes: its own templates
 * (written in French here, so its English one shown by the GETs stays), a 404 for A's customer, and a refusal on the
 * portal's routes, which admit portal sessions only.
 */
export const emailTemplateIsolationRoutes = <F extends { tag: string; customer: { id: number } }>(): Record<string, IsolationEntry<F>> => ({
  'GET /api/email-templates': {
    answers: 'collection',
    showsOwn: true,
    call: () => [{ path: '/api/email-templates' }, { path: '/api/email-templates?language=en' }],
  },
  'GET /api/email-templates/:type': { answers: 'collection', showsOwn: true, call: () => ({ path: '/api/email-templates/invoice' }) },
  'PUT /api/email-templates/:type': {
    answers: 'status',
    status: [200], // B's own French template: A's stay as they were
    call: (_a, b) => ({ path: '/api/email-templates/invoice?language=fr', body: templateBody(b.tag) }),
  },
  'POST /api/email-templates/:type/preview': {
    answers: 'status',
    status: [200], // B's sample values (B's organization)
    call: (_a, b) => ({ path: '/api/email-templates/reminder/preview', body: templateBody(b.tag) }),
  },
  'DELETE /api/email-templates/:type': {
    answers: 'status',
    status: [204], // B's own French template back to the default
    call: () => ({ path: '/api/email-templates/invoice?language=fr' }),
  },
  'POST /api/portal-invitations': {
    answers: 'not-found',
    call: (a) => ({ path: '/api/portal-invitations', body: { customerId: a.customer.id } }),
  },
  // A staff session never reaches a portal route: the service refuses it (403), or the gateway does not route it (404).
  'GET /api/portal/receipts': { answers: 'status', status: [401, 403], call: () => ({ path: '/api/portal/receipts' }) },
  'GET /api/portal/receipts/:id/pdf': { answers: 'status', status: [401, 403], call: () => ({ path: '/api/portal/receipts/p-1/pdf' }) },
});
