import { API_KEY_PREFIX, CURRENT_API_VERSION, PUBLIC_API_BASE } from '@billpoint/proto';

/**
 * The Documentation tab's quick start: a typed client made from the OpenAPI document with openapi-typescript and
 * openapi-fetch. One source: the tab shows these texts, and gateway/test/openapi-client.test.ts generates the types from
 * the served document and compiles this very client against them (strict), so the snippet cannot stop compiling.
 */
export const QUICK_START_TYPES_FILE = 'billpoint.d.ts';

export const quickStartInstall = (origin: string) =>
  `npm install openapi-fetch
npx openapi-typescript ${origin}${PUBLIC_API_BASE}/openapi.json -o ${QUICK_START_TYPES_FILE}`;

export const quickStartClient = (origin: string) => `import createClient from 'openapi-fetch';
import type { paths } from './billpoint';

const billpoint = createClient<paths>({
  baseUrl: '${origin}',
  headers: {
    Authorization: \`Bearer \${process.env.BILLPOINT_API_KEY}\`, // ${API_KEY_PREFIX}…
    'Billpoint-Version': '${CURRENT_API_VERSION}',
  },
});

// Create a customer. A retry with the same Idempotency-Key never creates a second one.
const created = await billpoint.POST('${PUBLIC_API_BASE}/customers', {
  params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
  body: { name: 'Acme Ltd', email: 'billing@acme.example' },
});
if (created.error) throw new Error(\`\${created.error.code}: \${created.error.message}\`);
const customer = created.data;

// Every invoice of the customer, newest first, a page of 20 at a time.
let startingAfter: number | undefined;
for (;;) {
  const page = await billpoint.GET('${PUBLIC_API_BASE}/invoices', {
    params: { query: { customerId: customer.id, limit: 20, starting_after: startingAfter } },
  });
  if (page.error) throw new Error(\`\${page.error.code}: \${page.error.message}\`);
  for (const invoice of page.data.data) console.log(invoice.invoiceNumber, invoice.status, invoice.total);
  if (!page.data.has_more) break;
  startingAfter = page.data.data.at(-1)?.id;
}

// An invoice as PDF.
const pdf = await billpoint.GET('${PUBLIC_API_BASE}/invoices/{id}/pdf', {
  params: { path: { id: 42 } },
  parseAs: 'blob',
});
if (pdf.data) console.log(\`\${pdf.data.size} bytes of \${pdf.data.type}\`);
`;
