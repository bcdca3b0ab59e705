import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '@billpoint/kit';
import { ExpenseService } from './expense.service.ts';
import { expenseRoutes } from './expense.routes.ts';
import { receiptRoutes } from './receipt.routes.ts';

/** Expenses and their receipts as one unit app.ts plugs in. */
export const expenseModule = {
  routes: (app: FastifyInstance, ctx: ServiceContext) => {
    receiptRoutes(app, ctx);
    expenseRoutes(app, new ExpenseService(ctx));
  },
};
