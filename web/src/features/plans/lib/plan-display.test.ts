import { describe, expect, it } from 'vitest';
import { cardPrice, limitLines, updatedDescription, FALLBACK_PLANS } from './plan-display';

describe('plan display', () => {
  it('shows the yearly price per month to the cent, the year and the saving; 0 is Free', () => {
    expect(cardPrice({ monthlyPrice: '29.00', yearlyPrice: '240.00' }, 'monthly')).toEqual({
      price: '$29',
      perMonth: true,
      billed: 'billed monthly',
      saving: null,
    });
    expect(cardPrice({ monthlyPrice: '10.00', yearlyPrice: '100.00' }, 'yearly')).toEqual({
      price: '$8.33',
      perMonth: true,
      billed: '$100 billed yearly',
      saving: 'Save 17%',
    });
    expect(cardPrice({ monthlyPrice: '0.00', yearlyPrice: '0.00' }, 'yearly')).toEqual({
      price: 'Free',
      perMonth: false,
      billed: null,
      saving: null,
    });
  });

  it('words the limits, unlimited and singular', () => {
    expect(limitLines(FALLBACK_PLANS[0]!)).toEqual(['50 invoices per month', '5 customers', '10 products', '1 API key', '2 webhooks']);
    expect(limitLines(FALLBACK_PLANS[2]!)[0]).toBe('Unlimited invoices');
  });

  it('adds the demo-mode note to the server message, or uses the fallback text', () => {
    expect(updatedDescription({ message: 'You are now on the Starter plan, billed monthly.', demoMode: true })).toBe(
      'You are now on the Starter plan, billed monthly. (Demo mode - no payment required)',
    );
    expect(updatedDescription({ message: '', demoMode: false })).toBe('Your subscription plan has been updated successfully.');
  });
});
