import type { FastifyInstance } from 'fastify';
import {
  CLIENT_IP_HEADER,
  IdParams,
  QuoteAcceptBody,
  QuoteCreateBody,
  QuoteDeclineBody,
  QuoteListQuery,
  QuotePatchBody,
  QuoteUpdateBody,
  TOTAL_COUNT_HEADER,
} from '@billpoint/proto';
import { planLimits, sendCursorPage, type Mailer, type ServiceContext } from '@billpoint/kit';
import type { Config } from '../../config.ts';
import { createQuote } from './quote.create.ts';
import { convertQuote } from './quote.convert.ts';
import { listQuotes } from './quote.list.ts';
import { quotePdf } from './quote.pdf.ts';
import { acceptPublicQuote, acceptQuote, declinePublicQuote, declineQuote, viewPublicQuote } from './quote.public.ts';
import { sendQuote } from './quote.send.ts';
import { deleteQuote, getQuote, patchQuote, updateQuote } from './quote.update.ts';

const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : (v?.[0] ?? null));

/** Quotes: the signed-in routes with their permissions, and the public page's three (registry-declared). */
export function quoteRoutes(app: FastifyInstance, ctx: ServiceContext<Config>, mailer: Mailer) {
  const c = ctx as ServiceContext;
  const limits = planLimits(c);

  app.get('/api/quotes', { config: { permission: 'quotes.read', contract: { query: QuoteListQuery } } }, async (req, reply) => {
    const page = await listQuotes(c, req.identity, QuoteListQuery.parse(req.query));
    if (page.mode === 'cursor') return sendCursorPage(reply, page);
    return reply.header(TOTAL_COUNT_HEADER, String(page.total)).send(page.items);
  });

  app.post('/api/quotes', { config: { permission: 'quotes.write', contract: { body: QuoteCreateBody } } }, async (req, reply) =>
    reply.status(201).send(await createQuote(c, req.identity, QuoteCreateBody.parse(req.body ?? {}))),
  );

  app.get('/api/quotes/:id', { config: { permission: 'quotes.read', contract: { params: IdParams } } }, async (req) =>
    getQuote(c, req.identity, IdParams.parse(req.params).id),
  );

  app.put(
    '/api/quotes/:id',
    { config: { permission: 'quotes.write', contract: { params: IdParams, body: QuoteUpdateBody } } },
    async (req) => updateQuote(c, req.identity, IdParams.parse(req.params).id, QuoteUpdateBody.parse(req.body ?? {})),
  );

  app.patch(
    '/api/quotes/:id',
    { config: { permission: 'quotes.write', contract: { params: IdParams, body: QuotePatchBody } } },
    async (req) => patchQuote(c, req.identity, IdParams.parse(req.params).id, QuotePatchBody.parse(req.body === undefined ? {} : req.body)),
  );

  app.delete('/api/quotes/:id', { config: { permission: 'quotes.delete', contract: { params: IdParams } } }, async (req, reply) => {
    await deleteQuote(c, req.identity, IdParams.parse(req.params).id);
    return reply.status(204).send();
  });

  app.post('/api/quotes/:id/send', { config: { permission: 'quotes.send', contract: { params: IdParams } } }, async (req) =>
    sendQuote(ctx, mailer, req.identity, IdParams.parse(req.params).id),
  );

  app.post('/api/quotes/:id/convert', { config: { permission: 'quotes.convert', contract: { params: IdParams } } }, async (req) =>
    convertQuote(c, limits, req.identity, IdParams.parse(req.params).id),
  );

  // The customer's answer given elsewhere (by mail, on paper), recorded by a member or an API key on their behalf.
  app.post(
    '/api/quotes/:id/mark-accepted',
    { config: { permission: 'quotes.write', contract: { params: IdParams, body: QuoteAcceptBody } } },
    async (req) => acceptQuote(c, req.identity, IdParams.parse(req.params).id, QuoteAcceptBody.parse(req.body ?? {})),
  );
  app.post(
    '/api/quotes/:id/mark-declined',
    { config: { permission: 'quotes.write', contract: { params: IdParams, body: QuoteDeclineBody } } },
    async (req) => declineQuote(c, req.identity, IdParams.parse(req.params).id, QuoteDeclineBody.parse(req.body ?? {})),
  );

  app.get('/api/quotes/:id/pdf', { config: { permission: 'quotes.read', contract: { params: IdParams } } }, async (req, reply) => {
    const quote = await getQuote(c, req.identity, IdParams.parse(req.params).id);
    const { filename, stream } = await quotePdf(c, req.identity.tenantId, quote);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename.replace(/["\\\r\n]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  // Public (no session; the gateway limits them per IP): the same 404 for any unknown, foreign or draft token.
  const token = (req: { params: unknown }) => (req.params as { token: string }).token;
  app.get('/api/quotes/:token/public', { config: { permission: 'public' } }, async (req) => viewPublicQuote(c, token(req)));
  app.post('/api/quotes/:token/accept', { config: { permission: 'public', contract: { body: QuoteAcceptBody } } }, async (req) =>
    acceptPublicQuote(c, token(req), req.body, {
      ip: header(req.headers[CLIENT_IP_HEADER]),
      userAgent: header(req.headers['user-agent']),
    }),
  );
  app.post('/api/quotes/:token/decline', { config: { permission: 'public', contract: { body: QuoteDeclineBody } } }, async (req) =>
    declinePublicQuote(c, token(req), req.body),
  );
}
