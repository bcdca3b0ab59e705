import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeInvoice, makeUser } from '@/testing/factories';
import { ISSUED_NOT_DELETABLE } from './invoice-columns';
import { InvoicesPage } from './invoices-page';

/** A stand-in for GET /api/invoices: search over number, customer name and e-mail, status filter, x-total-count. */
function invoicesApi(all: Invoice[]) {
  return (url: URL) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const status = url.searchParams.get('status');
    const matches = all.filter(
      (i) =>
        (!status || i.status === status) &&
        [i.invoiceNumber, i.customer?.name ?? '', i.customer?.email ?? ''].some((v) => v.toLowerCase().includes(search)),
    );
    return { body: matches, headers: { 'x-total-count': String(matches.length) } };
  };
}

const renderList = () => renderRoutes([{ path: '/invoices', element: <InvoicesPage /> }], { path: '/invoices' });

describe('invoices list', () => {
  it('shows a role only the actions it has: a user edits drafts and deletes nothing, a manager does both', async () => {
    const all = [
      makeInvoice({ id: 1, invoiceNumber: 'INV-0001', status: 'draft' }),
      makeInvoice({ id: 2, invoiceNumber: 'INV-0002', status: 'sent' }),
    ];
    for (const role of ['user', 'manager'] as const) {
      stubFetch([
        { path: '/api/auth/user', body: makeUser({ role }) },
        { path: '/api/invoices', reply: invoicesApi(all) },
      ]);
      const { unmount } = renderList();
      const [draft, sent] = await screen.findAllByTestId('invoice-row');
      await waitFor(() => expect(!!within(sent!).queryByRole('link', { name: 'Edit invoice: INV-0002' })).toBe(role === 'manager'));
      expect(within(draft!).getByRole('link', { name: 'Edit invoice: INV-0001' })).toBeInTheDocument();
      expect(!!within(draft!).queryByRole('button', { name: 'Delete invoice: INV-0001' })).toBe(role === 'manager');
      // An issued invoice's delete is shown disabled to those who may delete, with the reason.
      expect(within(sent!).queryByRole('button', { name: 'Delete invoice: INV-0002' })?.hasAttribute('disabled') ?? null).toBe(
        role === 'manager' ? true : null,
      );
      expect(within(draft!).getByRole('button', { name: 'Send to customer: INV-0001' })).toBeInTheDocument();
      unmount();
    }
  });

  it('shows five skeleton rows while loading, then the rows with their columns and formats', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const all = [
      makeInvoice({ id: 1, invoiceNumber: 'INV-0001', status: 'paid', total: '1234.5', issueDate: '2024-01-05', dueDate: '2024-02-04' }),
      makeInvoice({ id: 2, invoiceNumber: 'INV-0002', status: 'sent', customer: null }),
    ];
    stubFetch([{ path: '/api/invoices', reply: async (url) => (await gate, invoicesApi(all)(url)) }]);
    renderList();

    expect(screen.getAllByTestId('invoice-row-skeleton')).toHaveLength(5);
    release();
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('INV-0001')).toBeInTheDocument();
    expect(first.getByText('Acme Ltd')).toBeInTheDocument();
    expect(first.getByText('billing@acme.test')).toBeInTheDocument();
    expect(first.getByText('$1,234.50')).toBeInTheDocument();
    expect(first.getByText('Paid')).toHaveAttribute('data-variant', 'default');
    expect(first.getByText('Jan 5, 2024')).toBeInTheDocument();
    expect(first.getByText('Feb 4, 2024')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View invoice details: INV-0001' })).toHaveAttribute('href', '/invoices/1');
    expect(first.getByRole('link', { name: 'Edit invoice: INV-0001' })).toHaveAttribute('href', '/invoices/1/edit');
    expect(within(rows[1]!).getByText('Sent')).toHaveAttribute('data-variant', 'secondary');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Invoice',
      'Customer',
      'Amount',
      'Status',
      'Issue Date',
      'Due Date',
      'Actions',
    ]);
  });

  it('shows both empty states', async () => {
    const user = userEvent.setup();
    stubFetch([{ path: '/api/invoices', reply: invoicesApi([]) }]);
    renderList();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first invoice to get started')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('Search invoices...'), 'zzz');
    expect(await screen.findByText('No invoices match your filters')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria')).toBeInTheDocument();
  });

  it('searches and filters by status on the server', async () => {
    const user = userEvent.setup();
    const all = [
      makeInvoice({ invoiceNumber: 'INV-0001', status: 'paid' }),
      makeInvoice({
        invoiceNumber: 'INV-0002',
        status: 'draft',
        customer: { id: 2, name: 'Globex', email: 'ap@globex.test', phone: null, address: null, company: null },
      }),
    ];
    const calls = stubFetch([{ path: '/api/invoices', reply: invoicesApi(all) }]);
    renderList();
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(2);

    await user.type(screen.getByPlaceholderText('Search invoices...'), 'globex');
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1));
    expect(screen.getByText('INV-0002')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('search=globex'))).toBe(true);

    await user.clear(screen.getByPlaceholderText('Search invoices...'));
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Statuses',
      'Draft',
      'Sent',
      'Paid',
      'Overdue',
      'Credited',
    ]);
    await user.click(screen.getByRole('option', { name: 'Paid' }));
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1));
    expect(screen.getByText('INV-0001')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toContain('status=paid');
  });

  it('tells why an issued invoice cannot be deleted', async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/invoices', reply: invoicesApi([makeInvoice({ id: 3, invoiceNumber: 'INV-0003', status: 'paid' })]) },
      { method: 'DELETE', path: /^\/api\/invoices\/\d+$/, status: 204 },
    ]);
    renderList();
    const del = await screen.findByRole('button', { name: 'Delete invoice: INV-0003' });
    expect(del).toBeDisabled();
    await user.click(del);
    const holder = screen.getByLabelText(ISSUED_NOT_DELETABLE);
    act(() => holder.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ISSUED_NOT_DELETABLE);
    expect(screen.queryByText('Invoice deleted successfully')).not.toBeInTheDocument();
  });

  it('deletes without confirmation, disables delete while pending, and toasts', async () => {
    const user = userEvent.setup();
    const all = [makeInvoice({ invoiceNumber: 'INV-0001' }), makeInvoice({ invoiceNumber: 'INV-0002' })];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubFetch([
      { path: '/api/invoices', reply: invoicesApi(all) },
      {
        method: 'DELETE',
        path: /^\/api\/invoices\/\d+$/,
        reply: async () => {
          await gate;
          all.splice(0, 1);
          return { status: 204 };
        },
      },
    ]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete invoice: INV-0001' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete invoice: INV-0002' })).toBeDisabled());
    release();
    expect(await screen.findByText('Invoice deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('INV-0001')).not.toBeInTheDocument());
  });

  it('toasts the list texts for send success and failure, and for a failed delete', async () => {
    const user = userEvent.setup();
    const all = [makeInvoice({ id: 1, invoiceNumber: 'INV-0001' }), makeInvoice({ id: 2, invoiceNumber: 'INV-0002' })];
    stubFetch([
      { path: '/api/invoices', reply: invoicesApi(all) },
      { method: 'POST', path: '/api/invoices/1/send', body: { ok: true } },
      {
        method: 'POST',
        path: '/api/invoices/2/send',
        status: 422,
        body: { statusCode: 422, error: 'Unprocessable Entity', message: 'no e-mail' },
      },
      { method: 'DELETE', path: '/api/invoices/2', status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } },
    ]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Send to customer: INV-0001' }));
    expect(await screen.findByText('Invoice Sent')).toBeInTheDocument();
    expect(screen.getByText('Invoice has been sent to the customer')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send to customer: INV-0002' }));
    expect(await screen.findByText('Send Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to send invoice')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete invoice: INV-0002' }));
    expect(await screen.findByText('Failed to delete invoice')).toBeInTheDocument();
  });

  it('opens the PDF in a new tab', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    stubFetch([{ path: '/api/invoices', reply: invoicesApi([makeInvoice({ id: 5, invoiceNumber: 'INV-0005' })]) }]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Download PDF: INV-0005' }));
    expect(open).toHaveBeenCalledWith('/api/invoices/5/pdf', '_blank', 'noopener');
  });

  it('marks the invoices a subscription generated', async () => {
    stubFetch([
      {
        path: '/api/invoices',
        reply: invoicesApi([
          makeInvoice({ invoiceNumber: 'INV-0001', recurringInvoiceId: 4 }),
          makeInvoice({ invoiceNumber: 'INV-0002', recurringInvoiceId: null }),
        ]),
      },
    ]);
    renderList();
    const [recurring, byHand] = await screen.findAllByTestId('invoice-row');
    const marker = within(recurring!).getByRole('img', { name: 'Recurring invoice' });
    expect(marker).toHaveAttribute('title');
    expect(within(byHand!).queryByRole('img', { name: 'Recurring invoice' })).not.toBeInTheDocument();
  });
});
