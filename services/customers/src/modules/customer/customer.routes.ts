import type { FastifyInstance } from 'fastify';
import {
  CustomerCreateBody,
  CustomerListQuery,
  CustomerPatchBody,
  CustomerUpdateBody,
  IdParams,
  TOTAL_COUNT_HEADER,
} from '@billpoint/proto';
import { sendCursorPage, type ServiceContext } from '@billpoint/kit';
import { CustomerService } from './customer.service.ts';

export function customerRoutes(app: FastifyInstance, ctx: ServiceContext) {
  const customers = new CustomerService(ctx);

  app.get('/api/customers', { config: { permission: 'customers.read', contract: { query: CustomerListQuery } } }, async (req, reply) => {
    const q = CustomerListQuery.parse(req.query);
    if (q.pagination === 'cursor') return sendCursorPage(reply, await customers.page(req.identity, q));
    const { items, total } = await customers.list(req.identity, q);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });

  app.get('/api/customers/:id', { config: { permission: 'customers.read', contract: { params: IdParams } } }, async (req) =>
    customers.get(req.identity, IdParams.parse(req.params).id),
  );

  app.post('/api/customers', { config: { permission: 'customers.write', contract: { body: CustomerCreateBody } } }, async (req, reply) => {
    const customer = await customers.create(req.identity, CustomerCreateBody.parse(req.body ?? {}));
    return reply.status(201).send(customer);
  });

  app.put(
    '/api/customers/:id',
    { config: { permission: 'customers.write', contract: { params: IdParams, body: CustomerUpdateBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return customers.update(req.identity, id, CustomerUpdateBody.parse(req.body ?? {}));
    },
  );

  // No body at all is an empty change; a body that is not an object (JSON null) is refused by the contract.
  app.patch(
    '/api/customers/:id',
    { config: { permission: 'customers.write', contract: { params: IdParams, body: CustomerPatchBody } } },
    async (req) => {
      const { id } = IdParams.parse(req.params);
      return customers.update(req.identity, id, CustomerPatchBody.parse(req.body === undefined ? {} : req.body));
    },
  );

  app.delete('/api/customers/:id', { config: { permission: 'customers.delete', contract: { params: IdParams } } }, async (req, reply) => {
    await customers.remove(req.identity, IdParams.parse(req.params).id);
    return reply.status(204).send();
  });
}
