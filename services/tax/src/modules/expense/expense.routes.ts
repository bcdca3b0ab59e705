import type { FastifyInstance } from 'fastify';
import { ExpenseBody, ExpenseListQuery, ExpenseSummaryQuery, IdParams, TOTAL_COUNT_HEADER, type ExpenseSummary } from '@billpoint/proto';
import type { ExpenseService } from './expense.service.ts';

/**
 * /api/expenses: list (plain array, X-Total-Count), /summary (the list's filters), get, create (201), PUT (the whole expense), DELETE
 * (soft, 204). The static paths (/summary, /receipts) win over `/:id` in the router whatever the order here.
 */
export function expenseRoutes(app: FastifyInstance, expenses: ExpenseService) {
  app.get('/api/expenses', { config: { permission: 'expenses.read', contract: { query: ExpenseListQuery } } }, async (req, reply) => {
    const { items, total } = await expenses.list(req.identity, ExpenseListQuery.parse(req.query));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });

  app.get(
    '/api/expenses/summary',
    { config: { permission: 'expenses.read', contract: { query: ExpenseSummaryQuery } } },
    async (req): Promise<ExpenseSummary> => expenses.summary(req.identity, ExpenseSummaryQuery.parse(req.query)),
  );

  app.get('/api/expenses/:id', { config: { permission: 'expenses.read', contract: { params: IdParams } } }, async (req) =>
    expenses.get(req.identity, IdParams.parse(req.params).id),
  );

  app.post('/api/expenses', { config: { permission: 'expenses.write', contract: { body: ExpenseBody } } }, async (req, reply) => {
    const created = await expenses.create(req.identity, ExpenseBody.parse(req.body ?? {}));
    return reply.status(201).send(created);
  });

  app.put(
    '/api/expenses/:id',
    { config: { permission: 'expenses.write', contract: { params: IdParams, body: ExpenseBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return expenses.update(req.identity, id, ExpenseBody.parse(req.body ?? {}));
    },
  );

  app.delete('/api/expenses/:id', { config: { permission: 'expenses.delete', contract: { params: IdParams } } }, async (req, reply) => {
    await expenses.remove(req.identity, IdParams.parse(req.params).id);
    return reply.status(204).send();
  });
}
