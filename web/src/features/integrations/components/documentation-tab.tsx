import type * as React from 'react';
import { ExternalLink } from 'lucide-react';
import {
  API_KEY_PREFIX,
  API_VERSIONS,
  ApiErrorCodeNames,
  ApiErrorCodes,
  CURRENT_API_VERSION,
  DEFAULT_API_KEY_RATE_LIMIT,
  IDEMPOTENCY_TTL_HOURS,
  PUBLIC_API_BASE,
  publicApiRoutes,
  RateLimitHeaders,
  WEBHOOK_SECRET_OVERLAP_MS,
} from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { quickStartClient, quickStartInstall } from '../lib/quick-start';
import { CopyButton } from './copy-button';

/** `X-RateLimit-Limit` from the header constant `x-ratelimit-limit`. */
const headerName = (h: string) =>
  h
    .split('-')
    .map((p) => (p === 'x' ? 'X' : p === 'ratelimit' ? 'RateLimit' : p.charAt(0).toUpperCase() + p.slice(1)))
    .join('-');

const REFERENCE_URL = `${PUBLIC_API_BASE}/reference`;
const OPENAPI_URL = `${PUBLIC_API_BASE}/openapi.json`;

/** A code block: scrolls sideways inside its box (never the page), focusable to scroll by keyboard; `copy` adds a copy button. */
function Code({ children, label, copy }: { children: string; label: string; copy?: boolean }) {
  const block = (
    <pre aria-label={label} tabIndex={0} className="min-w-0 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed">
      <code>{children}</code>
    </pre>
  );
  if (!copy) return block;
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex justify-end">
        <CopyButton value={children} label={label.toLowerCase()} />
      </div>
      {block}
    </div>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">{children}</CardContent>
    </Card>
  );
}

const NODE_VERIFY = `import { Webhook } from 'standardwebhooks';

// The endpoint's signing secret (whsec_…), shown once when it was created or rotated.
const wh = new Webhook(process.env.BILLPOINT_WEBHOOK_SECRET);

// Express: keep the raw body, the signature covers it byte for byte.
app.post('/webhooks/billpoint', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body.toString('utf8'), {
      'webhook-id': req.header('webhook-id'),
      'webhook-timestamp': req.header('webhook-timestamp'),
      'webhook-signature': req.header('webhook-signature'),
    });
  } catch {
    return res.status(400).end(); // not from Billpoint, altered, or older than 5 minutes
  }
  // event = { type: 'invoice.paid', timestamp, data: { … } }; webhook-id is the same on every retry.
  res.status(204).end();
});`;

const RAW_STEPS = `signed_content = webhook-id + "." + webhook-timestamp + "." + raw_body
key             = base64_decode(secret without its "whsec_" prefix)
expected        = base64( HMAC-SHA256(key, signed_content) )
webhook-signature is a space-separated list of "v1,<signature>":
accept when one of them equals "v1," + expected (constant-time compare),
and webhook-timestamp is within 5 minutes of now.`;

/** Documentation tab: the public API's documentation. */
export function DocumentationTab() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const exampleOrigin = origin || 'https://your-billpoint';
  const overlapHours = WEBHOOK_SECRET_OVERLAP_MS / 3_600_000;
  return (
    <div className="grid gap-4">
      <Section title="Getting started" description="A REST API over HTTPS with JSON bodies.">
        <p>
          Base path: <code className="rounded bg-muted px-1 font-mono">{PUBLIC_API_BASE}</code>
          {origin && (
            <>
              {' '}
              (<code className="font-mono">{`${origin}${PUBLIC_API_BASE}`}</code>)
            </>
          )}
        </p>
        <p>
          Authorize every request with a bearer API key. Keys start with <code className="font-mono">{API_KEY_PREFIX}</code> and carry a
          checksum, so a mistyped or truncated key is refused at once (401). A key only reaches the endpoints its permissions allow; others
          answer 403 naming the permission needed.
        </p>
        <Code label="Example request">{`curl ${origin}${PUBLIC_API_BASE}/customers \\
  -H "Authorization: Bearer ${API_KEY_PREFIX}your_api_key"`}</Code>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={REFERENCE_URL} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              API reference
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              OpenAPI document
            </a>
          </Button>
        </div>
      </Section>

      <Section title="Quick start" description="A typed TypeScript client, made from the OpenAPI document.">
        <h4 className="font-medium">1. Install openapi-fetch and generate the types</h4>
        <Code label="Install commands" copy>
          {quickStartInstall(exampleOrigin)}
        </Code>
        <h4 className="font-medium">2. Call the API</h4>
        <p>
          Paths, parameters, bodies and answers are typed: a misspelt field or a missing parameter does not compile. Every call answers{' '}
          <code className="font-mono">{'{ data }'}</code> or <code className="font-mono">{'{ error }'}</code>.
        </p>
        <Code label="Client code" copy>
          {quickStartClient(exampleOrigin)}
        </Code>
      </Section>

      <Section title="Endpoints" description="Every operation and the permission (scope) its key needs.">
        {/* Cells wrap (paths break anywhere) so the table fits a phone; focusable in case it still scrolls. */}
        <Table aria-label="Endpoints" tabIndex={0}>
          <TableHeader>
            <TableRow>
              <TableHead>Method</TableHead>
              <TableHead>Path</TableHead>
              <TableHead>Permission</TableHead>
              <TableHead>What it does</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {publicApiRoutes.map((r) => (
              <TableRow key={`${r.method} ${r.path}`}>
                <TableCell>
                  <Badge variant={r.method === 'GET' ? 'secondary' : 'default'} className="font-mono">
                    {r.method}
                  </Badge>
                </TableCell>
                <TableCell className="font-mono text-xs break-all whitespace-normal">{`${PUBLIC_API_BASE}${r.path.replace(/:(\w+)/g, '{$1}')}`}</TableCell>
                <TableCell className="font-mono text-xs break-all whitespace-normal">{r.scope}</TableCell>
                <TableCell className="whitespace-normal">{r.summary}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section title="Versioning" description="The API changes by dated versions; yours stays until you move.">
        <p>
          Send <code className="font-mono">Billpoint-Version: {CURRENT_API_VERSION}</code> to pin a version. Without the header, your
          organization&apos;s version answers (the current one at its first call). Every answer names the version that answered it in the
          same header. Versions: {API_VERSIONS.join(', ')}.
        </p>
      </Section>

      <Section title="Pagination" description="Lists answer a page at a time, newest first.">
        <p>
          A list answers <code className="font-mono">{'{ "object": "list", "data": [...], "has_more": true }'}</code>. Pass{' '}
          <code className="font-mono">limit</code> (1–100, default 10); for the next page pass{' '}
          <code className="font-mono">starting_after</code> the last id of this one, for the previous page{' '}
          <code className="font-mono">ending_before</code> its first id. An item created meanwhile never appears twice, none is skipped.
        </p>
      </Section>

      <Section
        title="Rate limits"
        description={`Each key may make its own number of requests per hour (${DEFAULT_API_KEY_RATE_LIMIT} unless set otherwise).`}
      >
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[14rem_1fr]">
          <dt className="font-mono text-xs">{headerName(RateLimitHeaders.limit)}</dt>
          <dd>Requests allowed per hour for this key.</dd>
          <dt className="font-mono text-xs">{headerName(RateLimitHeaders.remaining)}</dt>
          <dd>Requests left in the current window.</dd>
          <dt className="font-mono text-xs">{headerName(RateLimitHeaders.reset)}</dt>
          <dd>Seconds until the window starts again.</dd>
          <dt className="font-mono text-xs">{headerName(RateLimitHeaders.retryAfter)}</dt>
          <dd>With a 429 Too Many Requests: seconds to wait before trying again.</dd>
        </dl>
      </Section>

      <Section title="Idempotent requests" description="Retry a POST safely after a timeout or a lost connection.">
        <p>
          Send an <code className="font-mono">Idempotency-Key</code> header (a unique value such as a UUID) with every POST. The same key
          with the same body within {IDEMPOTENCY_TTL_HOURS} hours answers the first result again (marked{' '}
          <code className="font-mono">Idempotent-Replayed: true</code>) instead of creating a second record; the same key with another body
          answers 422, and a request while the first one is still running answers 409.
        </p>
        <Code label="Example POST">{`curl -X POST ${origin}${PUBLIC_API_BASE}/customers \\
  -H "Authorization: Bearer ${API_KEY_PREFIX}your_api_key" \\
  -H "Idempotency-Key: 6f1c2a40-3b7e-4d8f-9a51-0c2e8b7d4f13" \\
  -H "Content-Type: application/json" \\
  -d '{"name":"Acme Ltd","email":"billing@acme.example"}'`}</Code>
      </Section>

      <Section
        title="Errors"
        description="Every error answers JSON with statusCode, error, message and a code for programs; param names the field at fault."
      >
        <Table aria-label="Error codes" tabIndex={0}>
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Meaning</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {ApiErrorCodeNames.map((c) => (
              <TableRow key={c}>
                <TableCell className="font-mono text-xs break-all whitespace-normal">{c}</TableCell>
                <TableCell>{ApiErrorCodes[c].status}</TableCell>
                <TableCell className="whitespace-normal">{ApiErrorCodes[c].description}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section
        title="Verifying webhooks"
        description="Deliveries follow the Standard Webhooks specification: check the signature before you trust a payload."
      >
        <p>
          Each delivery carries <code className="font-mono">webhook-id</code>, <code className="font-mono">webhook-timestamp</code> and{' '}
          <code className="font-mono">webhook-signature</code>. With the <code className="font-mono">standardwebhooks</code> library (npm,
          PyPI, Go, Ruby and more):
        </p>
        <Code label="Verification in Node" copy>
          {NODE_VERIFY}
        </Code>
        <p>Without the library:</p>
        <Code label="Verification steps">{RAW_STEPS}</Code>
        <p className="text-muted-foreground">
          {`After a secret is rotated, deliveries carry a second signature made with the previous secret for ${overlapHours} hours. Answer with a 2xx status within the webhook's timeout; anything else is retried with growing delays.`}
        </p>
      </Section>
    </div>
  );
}
