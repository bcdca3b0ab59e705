import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/ui/form';
import { renderWithProviders, stubFetch } from '@/testing/render';
import { makeTemplate } from '@/testing/factories';
import { TemplateField } from './template-field';

let submitted: unknown;
function Harness({ preselect }: { preselect?: boolean }) {
  const form = useForm<{ templateId: string }>({ defaultValues: { templateId: '' } });
  return (
    <Form {...form}>
      <form onSubmit={(e) => void form.handleSubmit((v) => (submitted = v))(e)}>
        <TemplateField control={form.control} name="templateId" setValue={form.setValue} preselectDefault={preselect} />
        <button type="submit">Save</button>
      </form>
    </Form>
  );
}

describe('template picker of the invoice forms', () => {
  it("starts a new invoice with the tenant's default template, and offers the others", async () => {
    const user = userEvent.setup();
    stubFetch([
      {
        path: '/api/invoice-templates',
        body: [makeTemplate({ id: 7, name: 'House style', isDefault: true }), makeTemplate({ id: 8, name: 'Bold' })],
      },
    ]);
    renderWithProviders(<Harness preselect />);
    const picker = await screen.findByRole('combobox', { name: 'Template' });
    await waitFor(() => expect(picker).toHaveTextContent('House style (Default)'));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Bold' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toEqual({ templateId: '8' }));
  });

  it('says that the classic layout is used while there are no templates', async () => {
    stubFetch([{ path: '/api/invoice-templates', body: [] }]);
    renderWithProviders(<Harness preselect />);
    expect(await screen.findByText('No templates yet: the classic layout is used.')).toBeInTheDocument();
  });
});
