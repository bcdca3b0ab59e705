import type { FastifyInstance } from 'fastify';
import { EmailTemplateBody, EmailTemplateParams, EmailTemplateQuery, TOTAL_COUNT_HEADER } from '@billpoint/proto';
import type { EmailTemplateService } from './email-template.service.ts';

/**
 * `/api/email-templates`: every type in a language (saved or built in), one type, save (validated by
 * rendering with sample values), preview, and reset to the default.
 */
export function emailTemplateRoutes(app: FastifyInstance, templates: EmailTemplateService) {
  app.get(
    '/api/email-templates',
    { config: { permission: 'templates.read', contract: { query: EmailTemplateQuery } } },
    async (req, reply) => {
      const list = await templates.list(req.identity.tenantId, EmailTemplateQuery.parse(req.query ?? {}).language);
      return reply.header(TOTAL_COUNT_HEADER, String(list.length)).send(list);
    },
  );

  app.get(
    '/api/email-templates/:type',
    { config: { permission: 'templates.read', contract: { params: EmailTemplateParams, query: EmailTemplateQuery } } },
    async (req) =>
      templates.get(req.identity.tenantId, EmailTemplateParams.parse(req.params).type, EmailTemplateQuery.parse(req.query ?? {}).language),
  );

  app.put(
    '/api/email-templates/:type',
    {
      config: {
        permission: 'templates.manage',
        contract: { params: EmailTemplateParams, query: EmailTemplateQuery, body: EmailTemplateBody },
      },
    },
    async (req) =>
      templates.save(
        req.identity.tenantId,
        EmailTemplateParams.parse(req.params).type,
        EmailTemplateQuery.parse(req.query ?? {}).language,
        EmailTemplateBody.parse(req.body),
      ),
  );

  app.post(
    '/api/email-templates/:type/preview',
    {
      config: {
        permission: 'templates.manage',
        contract: { params: EmailTemplateParams, query: EmailTemplateQuery, body: EmailTemplateBody },
      },
    },
    async (req) => {
      const { type } = EmailTemplateParams.parse(req.params);
      EmailTemplateQuery.parse(req.query ?? {}); // the sample values are the same in every language
      return templates.preview(req.identity.tenantId, type, EmailTemplateBody.parse(req.body));
    },
  );

  app.delete(
    '/api/email-templates/:type',
    { config: { permission: 'templates.manage', contract: { params: EmailTemplateParams, query: EmailTemplateQuery } } },
    async (req, reply) => {
      await templates.reset(
        req.identity.tenantId,
        EmailTemplateParams.parse(req.params).type,
        EmailTemplateQuery.parse(req.query ?? {}).language,
      );
      return reply.status(204).send();
    },
  );
}
