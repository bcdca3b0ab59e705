import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/ui/form';
import { renderWithProviders } from '@/testing/render';
import { DateField } from './date-field';

function Harness({ disabledBefore }: { disabledBefore?: Date }) {
  const form = useForm({ defaultValues: { due: '2030-06-15' } });
  return (
    <Form {...form}>
      <DateField control={form.control} name="due" label="Due Date" disabledBefore={disabledBefore} />
      <p data-testid="value">{form.watch('due')}</p>
    </Form>
  );
}

describe('date field', () => {
  it('shows the long date, disables the days before the limit, and stores the picked day as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness disabledBefore={new Date(2030, 5, 10)} />);
    const trigger = screen.getByRole('button', { name: 'Due Date' });
    expect(trigger).toHaveTextContent('June 15, 2030');

    await user.click(trigger);
    expect(screen.getByRole('button', { name: /June 9th, 2030/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /June 10th, 2030/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /June 15th, 2030, selected/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /June 20th, 2030/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('2030-06-20');
    expect(screen.getByRole('button', { name: 'Due Date' })).toHaveTextContent('June 20, 2030');
  });

  it('can be emptied when optional, and then shows its placeholder', async () => {
    const user = userEvent.setup();
    function Optional() {
      const form = useForm({ defaultValues: { end: '2030-06-15' } });
      return (
        <Form {...form}>
          <DateField control={form.control} name="end" label="End Date" clearable placeholder="No end date" />
          <p data-testid="value">{form.watch('end') || 'empty'}</p>
        </Form>
      );
    }
    renderWithProviders(<Optional />);
    await user.click(screen.getByRole('button', { name: 'Clear End Date' }));
    expect(screen.getByTestId('value')).toHaveTextContent('empty');
    expect(screen.getByRole('button', { name: 'End Date' })).toHaveTextContent('No end date');
    expect(screen.queryByRole('button', { name: 'Clear End Date' })).not.toBeInTheDocument();
  });
});
