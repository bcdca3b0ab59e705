import type { FastifyInstance } from 'fastify';
import {
  IdParams,
  RecurringBody,
  RecurringListQuery,
  RecurringPatchBody,
  TOTAL_COUNT_HEADER,
  type RecurringRunResult,
} from '@billpoint/proto';
import { Conflict, sendCursorPage, type ServiceContext } from '@billpoint/kit';
import type { RecurringService } from './recurring.service.ts';
import { runSchedule } from './recurring.job.ts';

export function recurringRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  schedules: RecurringService,
  o: { now: () => Date; afterRun: (tenantId: string) => void },
) {
  app.get(
    '/api/recurring-invoices',
    { config: { permission: 'recurring.read', contract: { query: RecurringListQuery } } },
    async (req, reply) => {
      const q = RecurringListQuery.parse(req.query);
      if (q.pagination === 'cursor') return sendCursorPage(reply, await schedules.page(req.identity, q));
      const { items, total } = await schedules.list(req.identity, q);
      return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
    },
  );

  app.get('/api/recurring-invoices/summary', { config: { permission: 'recurring.read' } }, async (req) => schedules.summary(req.identity));

  app.get('/api/recurring-invoices/:id', { config: { permission: 'recurring.read', contract: { params: IdParams } } }, async (req) =>
    schedules.get(req.identity, IdParams.parse(req.params).id),
  );

  app.post(
    '/api/recurring-invoices',
    { config: { permission: 'recurring.manage', contract: { body: RecurringBody } } },
    async (req, reply) => {
      const created = await schedules.create(req.identity, RecurringBody.parse(req.body ?? {}));
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/recurring-invoices/:id',
    { config: { permission: 'recurring.manage', contract: { params: IdParams, body: RecurringBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return schedules.update(req.identity, id, RecurringBody.parse(req.body ?? {}));
    },
  );

  app.patch(
    '/api/recurring-invoices/:id',
    { config: { permission: 'recurring.manage', contract: { params: IdParams, body: RecurringPatchBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return schedules.setActive(req.identity, id, RecurringPatchBody.parse(req.body ?? {}).isActive);
    },
  );

  app.delete(
    '/api/recurring-invoices/:id',
    { config: { permission: 'recurring.manage', contract: { params: IdParams } } },
    async (req, reply) => {
      await schedules.remove(req.identity, IdParams.parse(req.params).id);
      return reply.status(204).send();
    },
  );

  /** Every due period of the schedule, now, with the scheduler's guarantees; a second call produces nothing new. */
  app.post(
    '/api/recurring-invoices/:id/run',
    { config: { permission: 'recurring.manage', contract: { params: IdParams } } },
    async (req): Promise<RecurringRunResult> => {
      const { id } = IdParams.parse(req.params);
      const before = await schedules.get(req.identity, id); // 404 first
      if (!before.isActive)
        throw new Conflict(
          before.nextInvoiceDate ? 'This subscription is paused. Resume it to generate invoices.' : 'This subscription has ended.',
        );
      const produced = await runSchedule(ctx, req.identity.tenantId, id, o.now());
      if (produced.length) o.afterRun(req.identity.tenantId);
      return {
        generated: produced.length,
        invoices: produced.map(({ id: invoiceId, invoiceNumber, issueDate }) => ({ id: invoiceId, invoiceNumber, issueDate })),
        schedule: await schedules.get(req.identity, id),
      };
    },
  );
}
