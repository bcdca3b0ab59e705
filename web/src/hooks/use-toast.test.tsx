import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { toast, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './use-toast';

describe('toasts', () => {
  it('shows only one toast at a time, the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Error', description: 'Failed to delete customer' });
      toast({ title: 'Success', description: 'Customer deleted successfully' });
    });
    expect(screen.getByText('Customer deleted successfully')).toBeInTheDocument();
    expect(screen.queryByText('Failed to delete customer')).not.toBeInTheDocument();
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('has a notification region reachable with F8', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
