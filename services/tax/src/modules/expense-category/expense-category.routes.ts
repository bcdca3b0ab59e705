import type { FastifyInstance } from 'fastify';
import { ExpenseCategoryBody, ExpenseCategoryListQuery, IdParams } from '@billpoint/proto';
import type { ExpenseCategoryService } from './expense-category.service.ts';

/**
 * /api/expense-categories: list (a plain array of the active ones; `?includeArchived=true` adds the archived ones),
 * create (201), PUT (the whole category), DELETE (archived and answered 200 when an expense uses it, else 204).
 */
export function expenseCategoryRoutes(app: FastifyInstance, categories: ExpenseCategoryService) {
  app.get(
    '/api/expense-categories',
    { config: { permission: 'expenses.read', contract: { query: ExpenseCategoryListQuery } } },
    async (req, reply) => {
      const list = await categories.list(req.identity, ExpenseCategoryListQuery.parse(req.query));
      return reply.header('x-total-count', String(list.length)).send(list);
    },
  );

  app.post(
    '/api/expense-categories',
    { config: { permission: 'expenses.write', contract: { body: ExpenseCategoryBody } } },
    async (req, reply) => {
      const created = await categories.create(req.identity, ExpenseCategoryBody.parse(req.body ?? {}));
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/expense-categories/:id',
    { config: { permission: 'expenses.write', contract: { params: IdParams, body: ExpenseCategoryBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return categories.update(req.identity, id, ExpenseCategoryBody.parse(req.body ?? {}));
    },
  );

  app.delete(
    '/api/expense-categories/:id',
    { config: { permission: 'expenses.delete', contract: { params: IdParams } } },
    async (req, reply) => {
      const archived = await categories.remove(req.identity, IdParams.parse(req.params).id);
      return archived ? reply.send(archived) : reply.status(204).send();
    },
  );
}
