import type { FastifyInstance } from 'fastify';
import { CreditNoteCreateBody, CreditNoteListQuery, IdParams, TOTAL_COUNT_HEADER } from '@billpoint/proto';
import { sendCursorPage, type ServiceContext } from '@billpoint/kit';
import { createCreditNote } from './credit-note.create.ts';
import { getCreditNote, invoiceCreditNotes, listCreditNotes } from './credit-note.list.ts';
import { creditNotePdfOf } from './credit-note.pdf.ts';

/** Credit notes: issued by managers (credit-notes.create), read by every member (credit-notes.read). */
export function creditNoteRoutes(app: FastifyInstance, ctx: ServiceContext) {
  app.post(
    '/api/credit-notes',
    { config: { permission: 'credit-notes.create', contract: { body: CreditNoteCreateBody } } },
    async (req, reply) => reply.status(201).send(await createCreditNote(ctx, req.identity, CreditNoteCreateBody.parse(req.body ?? {}))),
  );

  app.get(
    '/api/credit-notes',
    { config: { permission: 'credit-notes.read', contract: { query: CreditNoteListQuery } } },
    async (req, reply) => {
      const page = await listCreditNotes(ctx, req.identity, CreditNoteListQuery.parse(req.query));
      if (page.mode === 'cursor') return sendCursorPage(reply, page);
      return reply.header(TOTAL_COUNT_HEADER, String(page.total)).send(page.items);
    },
  );

  app.get('/api/credit-notes/:id', { config: { permission: 'credit-notes.read', contract: { params: IdParams } } }, async (req) =>
    getCreditNote(ctx, req.identity, IdParams.parse(req.params).id),
  );

  app.get(
    '/api/credit-notes/:id/pdf',
    { config: { permission: 'credit-notes.read', contract: { params: IdParams } } },
    async (req, reply) => {
      const { filename, stream } = await creditNotePdfOf(ctx, req.identity, IdParams.parse(req.params).id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename.replace(/["\\\r\n]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get('/api/invoices/:id/credit-notes', { config: { permission: 'credit-notes.read', contract: { params: IdParams } } }, async (req) =>
    invoiceCreditNotes(ctx, req.identity, IdParams.parse(req.params).id),
  );
}
