import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/testing/render';
import { PricingSection } from './pricing-section';

const card = (id: string) => within(screen.getByTestId(`plan-${id}`));

describe('<PricingSection />', () => {
  it('shows monthly prices first, then annual prices with the struck-through original and the savings figure', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PricingSection />);

    expect(card('starter').getByTestId('plan-price')).toHaveTextContent('$29');
    expect(card('professional').getByTestId('plan-price')).toHaveTextContent('$69');
    expect(card('enterprise').getByTestId('plan-price')).toHaveTextContent('$199');
    expect(screen.queryByTestId('plan-original-price')).not.toBeInTheDocument();
    expect(card('professional').getByText('Most Popular')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Annual billing' }));

    // The plans' yearly prices per month (proto's plan table), as the plan chooser shows them.
    expect(card('starter').getByTestId('plan-price')).toHaveTextContent('$20');
    expect(card('starter').getByTestId('plan-original-price')).toHaveTextContent('$29');
    expect(card('professional').getByTestId('plan-price')).toHaveTextContent('$49');
    expect(card('professional').getByTestId('plan-original-price')).toHaveTextContent('$69');
    expect(card('enterprise').getByTestId('plan-price')).toHaveTextContent('$149');
    expect(card('enterprise').getByTestId('plan-original-price')).toHaveTextContent('$199');
    expect(card('enterprise').getByTestId('plan-original-price').tagName).toBe('S');
    expect(screen.getByText('Save up to 31%')).toBeInTheDocument();
    expect(screen.getByTestId('annual-savings')).toHaveTextContent('Save up to $600 a year with annual billing');
    expect(card('starter').getByText('5 customers')).toBeInTheDocument();
    expect(card('professional').getByText('Unlimited invoices and customers')).toBeInTheDocument();
  });

  it('starts the revenue slider at $500 with the Starter guidance and follows the keyboard in steps of 500', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PricingSection />);
    const slider = screen.getByRole('slider', { name: 'Monthly revenue' });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100000');
    expect(slider).toHaveAttribute('aria-valuenow', '500');
    expect(screen.getByTestId('pricing-guidance')).toHaveTextContent('Starter for 0-5K monthly revenue');

    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '1000');
    expect(screen.getByTestId('revenue-value')).toHaveTextContent('$1,000');

    await user.keyboard('{End}');
    expect(screen.getByTestId('revenue-value')).toHaveTextContent('$100,000');
    expect(screen.getByTestId('pricing-guidance')).toHaveTextContent('Enterprise for 50K+ monthly revenue');
  });

  it('sends every start button to /api/login', () => {
    renderWithProviders(<PricingSection />);
    const links = screen.getAllByRole('link', { name: 'Start Free Trial' });
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toHaveAttribute('href', '/api/login');
  });
});
