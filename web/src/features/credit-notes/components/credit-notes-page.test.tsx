import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditNote } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { toIsoDate } from '@/lib/format';
import { CreditNotesPage } from './credit-notes-page';

afterEach(() => vi.unstubAllGlobals());

const today = toIsoDate(new Date());
const note = (id: number, over: Partial<CreditNote>): CreditNote => ({
  id,
  creditNoteNumber: `CN-000${id}`,
  invoiceId: 10 + id,
  invoiceNumber: `INV-001${id}`,
  invoiceIssueDate: '2026-01-01',
  customerId: 1,
  customer: { name: 'Initech', email: 'ap@initech.test' },
  issueDate: today,
  currency: 'USD',
  reason: 'Returned goods',
  resolution: 'reduce_balance',
  subtotal: '10.00',
  taxAmount: '0.00',
  total: '10.00',
  exchangeRate: '1.000000',
  totalInBaseCurrency: '10.00',
  refundStatus: null,
  refundedAmount: '0.00',
  taxLines: [],
  metadata: {},
  createdAt: `${today}T10:00:00.000Z`,
  createdBy: null,
  ...over,
});

describe('credit notes list', () => {
  it('reads every page, shows the figures over all, filters by resolution and search, a row opens the invoice', async () => {
    const user = userEvent.setup();
    const all = [
      note(1, { total: '12.50' }),
      note(2, { total: '30.00', resolution: 'refund', refundStatus: 'pending', customer: { name: 'Chotchkies', email: 'flair@c.test' } }),
      note(3, { total: '7.50', resolution: 'credit', issueDate: '2020-01-01' }),
    ];
    const offsets: string[] = [];
    stubFetch([
      {
        path: '/api/credit-notes',
        reply: (url) => {
          const offset = Number(url.searchParams.get('offset'));
          offsets.push(String(offset));
          // The server gives two at a time here: the screen asks until it has them all.
          return { body: all.slice(offset, offset + 2), headers: { 'x-total-count': '3' } };
        },
      },
    ]);
    const { router } = renderRoutes(
      [
        { path: '/credit-notes', element: <CreditNotesPage /> },
        { path: '/invoices/:id', element: <p>invoice view</p> },
      ],
      { path: '/credit-notes' },
    );
    expect(await screen.findAllByTestId('credit-note-row')).toHaveLength(3);
    expect(offsets).toEqual(['0', '2']);
    const value = (card: string) => within(screen.getByTestId(card)).getByTestId('summary-value');
    expect(value('summary-credit-notes-this-month')).toHaveTextContent('2');
    expect(value('summary-credited-this-month')).toHaveTextContent('$42.50');
    expect(value('summary-refunds-pending')).toHaveTextContent('1');

    await user.click(screen.getByRole('combobox', { name: 'Filter by resolution' }));
    await user.click(await screen.findByRole('option', { name: 'Refund' }));
    expect(screen.getAllByTestId('credit-note-row')).toHaveLength(1);
    expect(screen.getByTestId('credit-note-row')).toHaveTextContent('Refund pending');

    await user.click(screen.getByRole('combobox', { name: 'Filter by resolution' }));
    await user.click(await screen.findByRole('option', { name: 'All resolutions' }));
    await user.type(screen.getByLabelText('Search credit notes'), 'no such thing');
    expect(await screen.findByText('No credit notes match your filters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search credit notes'));
    await user.type(screen.getByLabelText('Search credit notes'), 'inv-0013');
    await vi.waitFor(() => expect(screen.getAllByTestId('credit-note-row')).toHaveLength(1));
    await user.click(screen.getByTestId('credit-note-row'));
    expect(router.state.location.pathname).toBe('/invoices/13');
  });

  it('says so when there are none yet', async () => {
    stubFetch([{ path: '/api/credit-notes', body: [], headers: { 'x-total-count': '0' } }]);
    renderRoutes([{ path: '/credit-notes', element: <CreditNotesPage /> }], { path: '/credit-notes' });
    expect(await screen.findByText('No credit notes yet')).toBeInTheDocument();
  });
});
