import type { HttpClient } from '@billpoint/kit/testing';
import type { RecurringBody, RecurringInvoice } from '@billpoint/proto';

export const todayUtc = () => new Date().toISOString().slice(0, 10);

export const scheduleBody = (customerId: number, o: Partial<RecurringBody> = {}): RecurringBody => ({
  name: 'Hosting plan',
  customerId,
  frequency: 'monthly',
  startDate: todayUtc(),
  items: [
    { description: 'Hosting', quantity: '1', unitPrice: '49.99', amount: '49.99' },
    { description: 'Support hours', quantity: '2', unitPrice: '75.00', amount: '150.00' },
  ],
  ...o,
});

/** A schedule of the signed-in tenant (through the gateway). */
export async function makeSchedule(c: HttpClient, customerId: number, o: Partial<RecurringBody> = {}): Promise<RecurringInvoice> {
  const res = await c.post('/api/recurring-invoices', scheduleBody(customerId, o));
  if (res.status !== 201) throw new Error(`schedule create failed: ${res.status} ${res.text}`);
  return res.json as RecurringInvoice;
}
