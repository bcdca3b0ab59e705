import type { FastifyInstance } from 'fastify';
import { IdParams, TemplateCreateBody, TemplatePreviewBody, TemplateUpdateBody, TOTAL_COUNT_HEADER } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import type { TemplateService } from './template.service.ts';
import { previewPdf } from './template.preview.ts';

/** `/api/invoice-templates`: list, get, create, update, delete, duplicate, and the unsaved-settings preview. */
export function templateRoutes(app: FastifyInstance, ctx: ServiceContext, templates: TemplateService) {
  app.get('/api/invoice-templates', { config: { permission: 'templates.read' } }, async (req, reply) => {
    const list = await templates.list(req.identity);
    return reply.header(TOTAL_COUNT_HEADER, String(list.length)).send(list);
  });

  app.get('/api/invoice-templates/:id', { config: { permission: 'templates.read', contract: { params: IdParams } } }, async (req) =>
    templates.get(req.identity, IdParams.parse(req.params).id),
  );

  app.post(
    '/api/invoice-templates',
    { config: { permission: 'templates.manage', contract: { body: TemplateCreateBody } } },
    async (req, reply) => {
      const created = await templates.create(req.identity, TemplateCreateBody.parse(req.body ?? {}));
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/invoice-templates/:id',
    { config: { permission: 'templates.manage', contract: { params: IdParams, body: TemplateUpdateBody } } },
    async (req) => templates.update(req.identity, IdParams.parse(req.params).id, TemplateUpdateBody.parse(req.body)),
  );

  app.delete(
    '/api/invoice-templates/:id',
    { config: { permission: 'templates.manage', contract: { params: IdParams } } },
    async (req, reply) => {
      await templates.remove(req.identity, IdParams.parse(req.params).id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/invoice-templates/:id/duplicate',
    { config: { permission: 'templates.manage', contract: { params: IdParams } } },
    async (req, reply) => {
      const copy = await templates.duplicate(req.identity, IdParams.parse(req.params).id);
      return reply.status(201).send(copy);
    },
  );

  app.post(
    '/api/invoice-templates/preview',
    { config: { permission: 'templates.manage', contract: { body: TemplatePreviewBody } } },
    async (req, reply) => {
      const doc = await previewPdf(ctx, req.identity.tenantId, TemplatePreviewBody.parse(req.body));
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="template-preview.pdf"')
        .header('cache-control', 'private, no-store')
        .send(doc);
    },
  );
}
