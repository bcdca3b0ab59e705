import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch, type Route } from '@/testing/render';
import { makeSubscription } from '@/testing/factories';
import { renderList, routes, rowOf, toastArea } from '../testing/list-api';
import { RESUME_HINT } from './subscription-actions';

describe('subscription row actions', () => {
  it('pauses and resumes with the flipped isActive, and toasts', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting' });
    const calls = stubFetch(
      routes(
        [hosting],
        [
          {
            method: 'PATCH',
            path: `/api/recurring-invoices/${hosting.id}`,
            reply: () => {
              hosting.isActive = !hosting.isActive;
              return { body: hosting };
            },
          },
        ],
      ),
    );
    renderList();
    const row = within(await rowOf('Hosting'));
    await user.click(row.getByRole('button', { name: 'Pause subscription' }));
    expect(await within(toastArea()).findByText('Subscription status updated')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.init!.body))).toEqual({ isActive: false });
    expect(await row.findByText('Paused')).toBeInTheDocument();

    const resume = row.getByRole('button', { name: 'Resume subscription' });
    act(() => {
      resume.blur();
      resume.focus();
    });
    expect(await screen.findByRole('tooltip')).toHaveTextContent(RESUME_HINT);
    await user.click(resume);
    await waitFor(() => expect(JSON.parse(String(calls.filter((c) => c.method === 'PATCH')[1]!.init!.body))).toEqual({ isActive: true }));
    expect(await row.findByText('Active')).toBeInTheDocument();
  });

  it('toasts a failed pause', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting' });
    stubFetch(routes([hosting], [{ method: 'PATCH', path: `/api/recurring-invoices/${hosting.id}`, status: 500, body: { message: 'x' } }]));
    renderList();
    await user.click(within(await rowOf('Hosting')).getByRole('button', { name: 'Pause subscription' }));
    expect(await within(toastArea()).findByText('Failed to update subscription')).toBeInTheDocument();
  });

  it('deletes after the confirmation, from the keyboard-usable menu', async () => {
    const user = userEvent.setup();
    const all = [makeSubscription({ name: 'Hosting' }), makeSubscription({ name: 'Support' })];
    const calls = stubFetch(
      routes(all, [
        {
          method: 'DELETE',
          path: /^\/api\/recurring-invoices\/\d+$/,
          reply: (url) => {
            all.splice(
              all.findIndex((s) => url.pathname.endsWith(`/${s.id}`)),
              1,
            );
            return { status: 204 };
          },
        },
      ]),
    );
    renderList();
    const trigger = within(await rowOf('Hosting')).getByRole('button', { name: 'More actions' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Generate due invoices', 'Delete']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    // Cancel first: nothing is deleted
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(await rowOf('Hosting')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(toastArea()).findByText('Subscription deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Hosting')).not.toBeInTheDocument());
    expect(screen.getByText('Support')).toBeInTheDocument();
  });

  it('toasts a failed delete', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting' });
    stubFetch(
      routes([hosting], [{ method: 'DELETE', path: `/api/recurring-invoices/${hosting.id}`, status: 500, body: { message: 'x' } }]),
    );
    renderList();
    await user.click(within(await rowOf('Hosting')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(toastArea()).findByText('Failed to delete subscription')).toBeInTheDocument();
  });

  it('generates the due invoices, counts them on the row, and links to the invoices', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting', totalInvoicesGenerated: 0 });
    const run = (): Route => ({
      method: 'POST',
      path: `/api/recurring-invoices/${hosting.id}/run`,
      reply: () => {
        const invoices = [{ id: 9, invoiceNumber: 'INV-0009', issueDate: '2025-01-15' }];
        hosting.totalInvoicesGenerated += invoices.length;
        return { body: { generated: invoices.length, invoices, schedule: hosting } };
      },
    });
    stubFetch(routes([hosting], [run()]));
    const { router } = renderList();
    const row = within(await rowOf('Hosting'));
    await user.click(row.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Generate due invoices' }));
    const area = within(toastArea());
    expect(await area.findByText('1 invoice generated')).toBeInTheDocument();
    expect(area.getByText('INV-0009')).toBeInTheDocument();
    expect(await row.findByText('1 invoice generated')).toBeInTheDocument();

    await user.click(area.getByRole('button', { name: 'View invoices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
  });

  it('says when no invoice is due, and when generating failed', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting' });
    const failing = makeSubscription({ name: 'Support' });
    stubFetch(
      routes(
        [hosting, failing],
        [
          { method: 'POST', path: `/api/recurring-invoices/${hosting.id}/run`, body: { generated: 0, invoices: [], schedule: hosting } },
          { method: 'POST', path: `/api/recurring-invoices/${failing.id}/run`, status: 500, body: { message: 'x' } },
        ],
      ),
    );
    renderList();
    await user.click(within(await rowOf('Hosting')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Generate due invoices' }));
    expect(await within(toastArea()).findByText('No invoice is due yet')).toBeInTheDocument();

    await user.click(within(await rowOf('Support')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Generate due invoices' }));
    expect(await within(toastArea()).findByText('Failed to generate invoices')).toBeInTheDocument();
  });

  it("gives the server's reason when it refuses: a paused schedule generates nothing, an ended one cannot resume", async () => {
    const user = userEvent.setup();
    const paused = makeSubscription({ name: 'Paused one', isActive: false, nextInvoiceDate: '2025-03-15' });
    const ended = makeSubscription({ name: 'Ended one', isActive: false, nextInvoiceDate: null, endDate: '2025-01-31' });
    const conflict = (message: string) => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message } });
    stubFetch(
      routes(
        [paused, ended],
        [
          {
            method: 'POST',
            path: `/api/recurring-invoices/${paused.id}/run`,
            ...conflict('This subscription is paused. Resume it to generate invoices.'),
          },
          {
            method: 'PATCH',
            path: `/api/recurring-invoices/${ended.id}`,
            ...conflict('This subscription ended on 2025-01-31. Extend its end date to resume it.'),
          },
        ],
      ),
    );
    renderList();
    await user.click(within(await rowOf('Paused one')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Generate due invoices' }));
    const area = within(toastArea());
    expect(await area.findByText('Failed to generate invoices')).toBeInTheDocument();
    expect(area.getByText('This subscription is paused. Resume it to generate invoices.')).toBeInTheDocument();

    await user.click(within(await rowOf('Ended one')).getByRole('button', { name: 'Resume subscription' }));
    expect(await area.findByText('Failed to update subscription')).toBeInTheDocument();
    expect(area.getByText('This subscription ended on 2025-01-31. Extend its end date to resume it.')).toBeInTheDocument();
  });
});
