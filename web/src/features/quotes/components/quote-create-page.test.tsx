import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, startOfToday } from 'date-fns';
import type { QuoteCreateBody } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeCustomer } from '@/testing/factories';
import { formatLongDate, toIsoDate } from '@/lib/format';
import { QuoteCreatePage } from './quote-create-page';

const acme = makeCustomer({ id: 7, name: 'Acme Ltd', email: 'billing@acme.test' });
const routes = (post: Route): Route[] => [
  { path: '/api/customers', body: [acme] },
  { path: '/api/tax-rates', body: { taxRates: [] } },
  { path: '/api/invoice-templates', body: [] },
  post,
];

const renderCreate = () =>
  renderRoutes(
    [
      { path: '/quotes/create', element: <QuoteCreatePage /> },
      { path: '/quotes/:id', element: <p>quote view</p> },
    ],
    { path: '/quotes/create' },
  );

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Customer' }));
  await user.click(await screen.findByRole('option', { name: 'Acme Ltd - billing@acme.test' }));
  await user.type(screen.getByLabelText('Description (item 1)'), 'Design');
  await user.clear(screen.getByLabelText('Rate (item 1)'));
  await user.type(screen.getByLabelText('Rate (item 1)'), '120');
}

describe('create quote', () => {
  it('is valid 30 days from today by default, posts the quote and opens it', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(routes({ method: 'POST', path: '/api/quotes', status: 201, body: { id: 12, quoteNumber: 'QUO-0012' } }));
    const { router } = renderCreate();
    expect(await screen.findByRole('button', { name: 'Valid Until' })).toHaveTextContent(formatLongDate(addDays(startOfToday(), 30)));
    await fill(user);
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('Total: $120.00');
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotes/12'));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body)) as QuoteCreateBody;
    expect(body.quote).toMatchObject({
      customerId: 7,
      issueDate: toIsoDate(startOfToday()),
      validUntil: toIsoDate(addDays(startOfToday(), 30)),
    });
    expect(body.items).toEqual([{ description: 'Design', quantity: '1.00', rate: '120.00', amount: '120.00' }]);
  });

  it("shows the server's field messages under their fields", async () => {
    const user = userEvent.setup();
    stubFetch(
      routes({
        method: 'POST',
        path: '/api/quotes',
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid quote',
          issues: [
            { path: 'quote.validUntil', message: 'Valid until cannot be before the issue date' },
            { path: 'items.0.rate', message: 'Rate is too large' },
          ],
        },
      }),
    );
    renderCreate();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByText('Valid until cannot be before the issue date')).toBeInTheDocument();
    expect(screen.getByText('Rate is too large')).toBeInTheDocument();
    expect(screen.getByLabelText('Rate (item 1)')).toHaveAttribute('aria-invalid', 'true');
  });
});
