import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceTemplate } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeTemplate } from '@/testing/factories';
import { TemplatesPage } from './templates-page';

const renderPage = () => renderRoutes([{ path: '/invoice-templates', element: <TemplatesPage /> }], { path: '/invoice-templates' });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('templates screen', () => {
  it('shows a card per template with its layout badge, the Default badge and a small preview', async () => {
    stubFetch([
      {
        path: '/api/invoice-templates',
        body: [
          makeTemplate({ name: 'House style', isDefault: true, logoUrl: '/api/logos/house', logoPosition: 'right', logoSize: 'large' }),
          makeTemplate({ name: 'Bold blue', layout: 'modern', primaryColor: '#1D4ED8' }),
        ],
      },
    ]);
    renderPage();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const house = within(cards[0]!);
    expect(house.getByText('House style')).toBeInTheDocument();
    expect(house.getByText('Classic')).toBeInTheDocument();
    expect(house.getByText('Default')).toBeInTheDocument();
    expect(house.getByRole('img', { name: 'Preview of House style' })).toBeInTheDocument();
    // The uploaded logo, where and as large as the template puts it; a card without one shows none.
    const logo = house.getByTestId('template-logo');
    expect(logo).toHaveClass('justify-end');
    expect(logo.querySelector('img')).toHaveAttribute('src', '/api/logos/house');
    expect(logo.querySelector('img')).toHaveClass('h-8');
    // A logo that fails to load is hidden.
    logo.querySelector('img')!.dispatchEvent(new Event('error'));
    await waitFor(() => expect(house.queryByTestId('template-logo')).toBeNull());
    const bold = within(cards[1]!);
    expect(bold.queryByTestId('template-logo')).toBeNull();
    expect(bold.getByText('Modern')).toBeInTheDocument();
    expect(bold.queryByText('Default')).toBeNull();
    // The modern preview has the primary-coloured band.
    expect(bold.getByRole('img', { name: 'Preview of Bold blue' }).innerHTML).toContain('rgb(29, 78, 216)');
  });

  it('creates a template from the dialog with the template defaults and says so', async () => {
    const user = userEvent.setup();
    let templates: InvoiceTemplate[] = [];
    const calls = stubFetch([
      { path: '/api/invoice-templates', reply: () => ({ body: templates }) },
      {
        method: 'POST',
        path: '/api/invoice-templates',
        reply: () => {
          templates = [makeTemplate({ name: 'Standard', isDefault: true })];
          return { status: 201, body: templates[0] };
        },
      },
    ]);
    renderPage();
    expect(await screen.findByText('No templates yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Create Template' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    expect(within(dialog).getByRole('tab', { name: 'Basic Info' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Logo & Branding' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Design' })).toBeInTheDocument();

    // The first template becomes the default: the switch says so and cannot be turned off.
    const defaultSwitch = within(dialog).getByRole('switch', { name: 'Default template' });
    expect(defaultSwitch).toBeChecked();
    expect(defaultSwitch).toBeDisabled();
    expect(
      within(dialog).getByText('Your first template is the default one: new invoices use it unless another is chosen.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    expect(await within(dialog).findByText('Template name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Template Name'), 'Standard');
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    expect(await screen.findByText('Template created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Template' })).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(bodyOf(post.init)).toMatchObject({
      name: 'Standard',
      layout: 'classic',
      primaryColor: '#3B82F6',
      fontFamily: 'Inter',
      watermarkOpacity: 0.1,
      paymentTerms: 30,
      isDefault: true,
    });
    expect(await screen.findByText('Standard')).toBeInTheDocument();
    // A second one: the switch is free and off; the default one's own switch is on and fixed.
    await user.click(screen.getAllByRole('button', { name: 'Create Template' })[0]!);
    const second = await screen.findByRole('dialog', { name: 'Create Template' });
    const free = within(second).getByRole('switch', { name: 'Default template' });
    expect([(free as HTMLButtonElement).disabled, free.getAttribute('aria-checked')]).toEqual([false, 'false']);
    await user.click(within(second).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Standard' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Template' });
    expect(within(edit).getByRole('switch', { name: 'Default template' })).toBeDisabled();
    expect(within(edit).getByRole('switch', { name: 'Default template' })).toBeChecked();
  });

  it('edits with the form prefilled, colours as text with a picker, and reports a failed save', async () => {
    const user = userEvent.setup();
    const t = makeTemplate({ name: 'Old name', primaryColor: '#112233', layout: 'minimal' });
    const calls = stubFetch([
      { path: '/api/invoice-templates', body: [t] },
      {
        method: 'PUT',
        path: `/api/invoice-templates/${t.id}`,
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
      },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Old name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    expect(within(dialog).getByLabelText('Template Name')).toHaveValue('Old name');
    await user.click(within(dialog).getByRole('tab', { name: 'Design' }));
    const primary = within(dialog).getByLabelText('Primary Color');
    expect(primary).toHaveValue('#112233');
    expect(within(dialog).getByLabelText('Primary Color picker')).toHaveValue('#112233');
    await user.clear(primary);
    await user.type(primary, 'blue');
    await user.click(within(dialog).getByRole('button', { name: 'Update Template' }));
    expect(await within(dialog).findByText('Primary color must be a colour like #3B82F6')).toBeInTheDocument();
    await user.clear(primary);
    await user.type(primary, '#abcdef');
    await user.click(within(dialog).getByRole('button', { name: 'Update Template' }));
    expect(await screen.findByText('Failed to save template. Please try again.')).toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.method === 'PUT')!.init)).toMatchObject({
      name: 'Old name',
      layout: 'minimal',
      primaryColor: '#ABCDEF',
    });
  }, 20_000);

  it('duplicates, and deletes after the confirmation, with their notices', async () => {
    const user = userEvent.setup();
    const t = makeTemplate({ name: 'Keep me' });
    stubFetch([
      { path: '/api/invoice-templates', body: [t] },
      { method: 'POST', path: `/api/invoice-templates/${t.id}/duplicate`, status: 201, body: makeTemplate({ name: 'Keep me (Copy)' }) },
      { method: 'DELETE', path: `/api/invoice-templates/${t.id}`, status: 500, body: { statusCode: 500, error: 'x', message: 'x' } },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Keep me' }));
    expect(await screen.findByText('Template duplicated successfully')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Keep me' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this template?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete template. Please try again.')).toBeInTheDocument();
  });

  it('uploads a logo, shows its preview, and hides a preview that fails to load', async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/invoice-templates', body: [] },
      { method: 'POST', path: '/api/upload-logo', status: 201, body: { url: '/api/logos/abc' } },
    ]);
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Create Template' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: 'Logo & Branding' }));
    expect(within(dialog).getByText('Supports PNG, JPG and SVG files up to 5MB')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Company Logo'), new File(['png'], 'logo.png', { type: 'image/png' }));
    const img = await within(dialog).findByRole('img', { name: 'Logo preview' });
    expect(img).toHaveAttribute('src', '/api/logos/abc');
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(within(dialog).queryByRole('img', { name: 'Logo preview' })).toBeNull());
  });

  it('opens a PDF preview of the unsaved settings in a new tab', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/invoice-templates', body: [] },
      { method: 'POST', path: '/api/invoice-templates/preview', body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } },
    ]);
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview' }));
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Create Template' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Preview PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:preview'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(bodyOf(calls.find((c) => c.url.endsWith('/preview'))!.init)).toMatchObject({ layout: 'classic', primaryColor: '#3B82F6' });
  });
});
