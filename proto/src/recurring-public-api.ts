import type { PublicApiRoute } from './public-api-route.ts';
import { ApiRecurringListQuery, RecurringBody, RecurringInvoice, RecurringPatchBody, RecurringRunResult } from './recurring.ts';

/** Recurring invoices in the public API, under scopes of their own (recurring:read, recurring:write). */
export const recurringPublicApiRoutes: PublicApiRoute[] = [
  {
    method: 'GET',
    path: '/recurring-invoices',
    scope: 'recurring:read',
    target: '/api/recurring-invoices',
    summary: 'List recurring invoices',
    description:
      'Schedules that generate invoices every week, month, quarter or year, newest first. `status` `active` or `inactive` (paused or ended), `frequency`, `customerId`. The invoices a schedule generated: `GET /invoices?recurringInvoiceId=`.',
    list: true,
    query: ApiRecurringListQuery,
    response: RecurringInvoice,
  },
  {
    method: 'POST',
    path: '/recurring-invoices',
    scope: 'recurring:write',
    target: '/api/recurring-invoices',
    summary: 'Create a recurring invoice',
    description:
      'The first invoice is the one of `startDate`, then one per period until `endDate`; periods already due when it is created are generated at once (and sent when `autoSend` is true). The currency is the customer’s unless named, and never changes afterwards.',
    body: RecurringBody,
    response: RecurringInvoice,
    status: 201,
  },
  {
    method: 'GET',
    path: '/recurring-invoices/:id',
    scope: 'recurring:read',
    target: '/api/recurring-invoices/:id',
    summary: 'Get a recurring invoice',
    response: RecurringInvoice,
  },
  {
    method: 'PUT',
    path: '/recurring-invoices/:id',
    scope: 'recurring:write',
    target: '/api/recurring-invoices/:id',
    summary: 'Replace a recurring invoice',
    description: 'The whole schedule, as it is created. Invoices already generated keep their figures; the next ones follow the new lines.',
    body: RecurringBody,
    response: RecurringInvoice,
  },
  {
    method: 'PATCH',
    path: '/recurring-invoices/:id',
    scope: 'recurring:write',
    target: '/api/recurring-invoices/:id',
    summary: 'Pause or resume a recurring invoice',
    description:
      '`isActive: false` pauses it: no invoice is generated while paused. `true` resumes it from the first period due from today on; the periods that fell while it was paused are not generated. A schedule past its end date stays ended.',
    body: RecurringPatchBody,
    response: RecurringInvoice,
  },
  {
    method: 'DELETE',
    path: '/recurring-invoices/:id',
    scope: 'recurring:write',
    target: '/api/recurring-invoices/:id',
    summary: 'Delete a recurring invoice',
    description: 'No further invoice is generated; the invoices it generated stay as they are.',
    status: 204,
  },
  {
    method: 'POST',
    path: '/recurring-invoices/:id/run',
    scope: 'recurring:write',
    target: '/api/recurring-invoices/:id/run',
    summary: 'Generate the invoices that are due now',
    description:
      'Every period due by today, at once, with the scheduler’s guarantee: a period is generated once, whoever runs it; a second call generates nothing new. A paused or ended schedule answers 409 `resource_state_invalid`.',
    response: RecurringRunResult,
  },
];
