/**
 * The quick start: a customer, an invoice for it, every customer of the organization, and the invoice's number and
 * total. Run it with an API key of scopes customers:read, customers:write and invoices:write (or `*`):
 *
 *   BILLPOINT_API_KEY=bp_… BILLPOINT_URL=http://localhost:8080 node sdk/examples/quick-start.ts
 */
import { BillpointError, createBillpoint } from '@billpoint/sdk';

const apiKey = process.env.BILLPOINT_API_KEY;
if (!apiKey) throw new Error('Set BILLPOINT_API_KEY to an API key of your organization (bp_…).');
const billpoint = createBillpoint({ apiKey, baseUrl: process.env.BILLPOINT_URL });

try {
  // A retry with the same idempotency key answers the customer the first call created, never a second one.
  const { data: customer } = await billpoint.POST('/customers', {
    body: { name: 'Acme Ltd', email: 'billing@acme.example' },
    idempotencyKey: crypto.randomUUID(),
  });

  const dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { data: invoice } = await billpoint.POST('/invoices', {
    body: {
      invoice: { customerId: customer.id, dueDate },
      items: [
        { description: 'Design work', quantity: '3', rate: '120.00' },
        { description: 'Hosting', quantity: '1', rate: '19.90' },
      ],
    },
    idempotencyKey: crypto.randomUUID(),
  });

  // Every customer, newest first, fetched a hundred at a time.
  let customers = 0;
  for await (const c of billpoint.list('/customers', { limit: 100 })) {
    customers++;
    console.log(`customer ${c.id}: ${c.name} <${c.email}>`);
  }
  console.log(`customers listed: ${customers}`);

  const { data: read } = await billpoint.GET('/invoices/{id}', { params: { path: { id: invoice.id } } });
  console.log(`invoice ${read.invoiceNumber} (id ${read.id}): total ${read.total} ${read.currency}`);
} catch (err) {
  if (!(err instanceof BillpointError)) throw err;
  console.error(`${err.status} ${err.code}${err.param ? ` (${err.param})` : ''}: ${err.message} [request ${err.requestId}]`);
  process.exitCode = 1;
}
