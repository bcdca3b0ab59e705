import type { FuzzRoute } from '@billpoint/kit/testing';
import { EmailTemplate } from '@billpoint/proto';

/** The stored template of a type and language against what the contract made of the body. */
async function readBack(client: { get(p: string): Promise<{ json: any }> }, path: string, parsed: Record<string, unknown>) {
  const got = (await client.get(path)).json as EmailTemplate;
  const keys = ['subject', 'htmlContent', 'textContent'] as const;
  return {
    actual: { ...Object.fromEntries(keys.map((k) => [k, got[k]])), customized: got.customized },
    expected: { ...Object.fromEntries(keys.map((k) => [k, parsed[k]])), customized: true },
  };
}
const oneTemplate = (json: unknown) => {
  const r = EmailTemplate.safeParse(json);
  return r.success ? [] : [`an answer outside EmailTemplate: ${r.error.message.slice(0, 300)}`];
};

/**
 * The e-mail template and portal invitation routes. A generated body that Liquid cannot parse is a 400
 * naming its part (the route's business, like any rule beyond the contract); one it can is stored as sent.
 */
export const emailTemplateFuzzRoutes = <C extends { customerIds: number[] }>(): Record<string, FuzzRoute<C>> => ({
  'GET /api/email-templates': {},
  'GET /api/email-templates/:type': { path: () => '/api/email-templates/invoice', answer: oneTemplate },
  'PUT /api/email-templates/:type': {
    path: () => '/api/email-templates/custom',
    readBack: ({ parsed, client }) => readBack(client, '/api/email-templates/custom', parsed),
  },
  'POST /api/email-templates/:type/preview': { path: () => '/api/email-templates/welcome/preview' },
  'DELETE /api/email-templates/:type': { path: () => '/api/email-templates/custom' },
  // The tenant's own customer: each accepted case is an invitation e-mail to it.
  'POST /api/portal-invitations': {
    fix: (v, ctx) => (v && typeof v === 'object' ? { ...v, customerId: ctx.customerIds[0] } : v),
  },
});
