import type { FastifyInstance } from 'fastify';
import { FinancialReportList, GenerateReportBody, IdParams, UpdateReportBody } from '@billpoint/proto';
import type { ReportService } from './report.service.ts';
import { reportCsv, reportFileName } from './report.csv.ts';
import { reportPdf } from './report.pdf.ts';

export function reportRoutes(app: FastifyInstance, reports: ReportService) {
  app.post(
    '/api/financial-reports/generate',
    { config: { permission: 'reports.manage', contract: { body: GenerateReportBody } } },
    async (req, reply) => {
      const created = await reports.generate(req.identity, GenerateReportBody.parse(req.body ?? {}));
      return reply.status(201).send(created);
    },
  );

  app.get('/api/financial-reports', { config: { permission: 'reports.read' } }, async (req) =>
    FinancialReportList.parse({ reports: await reports.list(req.identity) }),
  );

  app.get('/api/financial-reports/:id', { config: { permission: 'reports.read', contract: { params: IdParams } } }, async (req) =>
    reports.get(req.identity, IdParams.parse(req.params).id),
  );

  app.patch(
    '/api/financial-reports/:id',
    { config: { permission: 'reports.manage', contract: { params: IdParams, body: UpdateReportBody } } },
    async (req) => reports.update(req.identity, IdParams.parse(req.params).id, UpdateReportBody.parse(req.body ?? {})),
  );

  // Downloads: an attachment named after the report, its type, nosniff.
  const formats = { csv: { type: 'text/csv; charset=utf-8', body: reportCsv }, pdf: { type: 'application/pdf', body: reportPdf } };
  for (const [ext, f] of Object.entries(formats)) {
    app.get(
      `/api/financial-reports/:id/${ext}`,
      { config: { permission: 'reports.read', contract: { params: IdParams } } },
      async (req, reply) => {
        const r = await reports.get(req.identity, IdParams.parse(req.params).id);
        return reply
          .header('content-type', f.type)
          .header('content-disposition', `attachment; filename="${reportFileName(r, ext)}"`)
          .header('x-content-type-options', 'nosniff')
          .send(f.body(r));
      },
    );
  }
}
