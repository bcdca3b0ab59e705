import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmailTemplateTypes, type EmailTemplate } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { EmailTemplatesPage } from './email-templates-page';

const renderPage = () =>
  renderRoutes([{ path: '/settings/email-templates', element: <EmailTemplatesPage /> }], { path: '/settings/email-templates' });
const template = (o: Partial<EmailTemplate> & Pick<EmailTemplate, 'type'>): EmailTemplate => ({
  language: 'en',
  subject: `Subject of ${o.type}`,
  htmlContent: `<p>${o.type}</p>`,
  textContent: `Text of ${o.type}`,
  customized: false,
  updatedAt: null,
  ...o,
});
const all = (language = 'en', customized: string[] = []) =>
  EmailTemplateTypes.map((type) =>
    template({
      type,
      language,
      customized: customized.includes(type),
      updatedAt: customized.includes(type) ? '2026-11-20T10:00:00.000Z' : null,
    }),
  );

describe('e-mail templates screen', () => {
  it('lists the five types with their description and Customized/Default, per language', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/email-templates', reply: (url) => ({ body: all(url.searchParams.get('language') ?? 'en', ['invoice']) }) },
    ]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'E-mail templates' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText('Invoice')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Customized')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Payment reminder')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Default')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Sent when a customer is invited to the customer portal.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/email-templates?language=de'))).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Invoice · Deutsch' })).toBeInTheDocument();
  });

  it('edits a type: variables insert at the cursor, Preview renders in a sandboxed frame, Save says Template saved', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/email-templates', body: all() },
      {
        method: 'POST',
        path: '/api/email-templates/reminder/preview',
        body: { subject: 'Reminder INV-0042', html: '<p>Hello Jane Doe</p><script>parent.x=1</script>', text: 'Hello Jane Doe' },
      },
      {
        method: 'PUT',
        path: '/api/email-templates/reminder',
        reply: async (url) => ({ body: template({ type: 'reminder', language: url.searchParams.get('language')!, customized: true }) }),
      },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit the Payment reminder template' }));
    const subject = screen.getByLabelText('Subject');
    expect(subject).toHaveValue('Subject of reminder');
    await user.clear(subject);
    await user.type(subject, 'Reminder ');
    await user.click(screen.getByRole('button', { name: /^Insert invoice\.number:/ }));
    await waitFor(() => expect(subject).toHaveValue('Reminder {{ invoice.number }}'));
    // Variables of other types are not offered.
    expect(screen.queryByRole('button', { name: /^Insert receipt\.number:/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = await screen.findByTitle('Preview of the Payment reminder e-mail');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello Jane Doe</p>');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Reminder INV-0042');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.init?.body))).toEqual({
      subject: 'Reminder {{ invoice.number }}',
      htmlContent: '<p>reminder</p>',
      textContent: 'Text of reminder',
    });
    expect(put.url).toContain('language=en');
  });

  it('shows the Liquid error under the field it names', async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/email-templates', body: all() },
      {
        method: 'PUT',
        path: '/api/email-templates/invoice',
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'The template does not parse',
          issues: [{ path: 'htmlContent', message: 'the "include" tag is not allowed in e-mail templates, line:2, col:1' }],
        },
      },
    ]);
    renderPage();
    const html = await screen.findByLabelText('HTML');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/"include" tag is not allowed.*line:2/)).toBeInTheDocument();
    expect(html).toHaveAttribute('aria-invalid', 'true');
  });

  it('resets a customized template after confirming', async () => {
    const user = userEvent.setup();
    let customized = ['invoice'];
    const calls = stubFetch([
      { path: '/api/email-templates', reply: () => ({ body: all('en', customized) }) },
      { method: 'DELETE', path: '/api/email-templates/invoice', reply: () => ((customized = []), { status: 204 }) },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reset to default' }));
    expect(await screen.findByRole('alertdialog', { name: 'Reset to default?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Template reset to default')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('?language=en'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset to default' })).toBeNull());
  });

  it('offers a retry when the templates cannot be loaded', async () => {
    stubFetch([{ path: '/api/email-templates', status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } }]);
    renderPage();
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
