import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { stubFetch } from '@/testing/render';
import { errorBody, invoiceRoute, makePublicInvoice, renderPay } from '../testing/pay-fixtures';

const brand = () => screen.getByTestId('standalone-brand');

describe('pay page frame (white-label)', () => {
  it("shows Billpoint's bar and footer for an organization that is not white-labelled", async () => {
    stubFetch([invoiceRoute({ ...makePublicInvoice(), whiteLabel: false })]);
    renderPay();
    await screen.findByRole('heading', { level: 1, name: 'Pay Invoice INV-0042' });
    expect(brand()).toHaveTextContent('Billpoint');
    expect(screen.getByText('Payments are processed securely. Billpoint never stores card numbers.')).toBeInTheDocument();
  });

  it("shows the organization's name and logo and no Billpoint anywhere when it is white-labelled", async () => {
    const invoice = makePublicInvoice({ seller: { name: 'Initech Billing', logoUrl: '/api/logos/initech.png' } });
    stubFetch([invoiceRoute({ ...invoice, whiteLabel: true })]);
    const { container } = renderPay();
    await screen.findByRole('heading', { level: 1, name: 'Pay Invoice INV-0042' });
    expect(brand()).toHaveTextContent('Initech Billing');
    expect(brand().querySelector('img')).toHaveAttribute('src', '/api/logos/initech.png');
    expect(container.textContent).not.toMatch(/Billpoint/i);
    expect(document.title).toBe('Initech Billing');
    expect(screen.getByText('Payments are processed securely. Card numbers are never stored.')).toBeInTheDocument();
  });

  it("says nobody's name while the invoice loads, and Billpoint's when the link names no invoice", async () => {
    stubFetch([invoiceRoute(errorBody(404, 'Invoice not found'), 404)]);
    document.title = 'Billpoint';
    renderPay();
    expect(brand()).toHaveTextContent('');
    expect(document.title).toBe('Invoice payment');
    expect(await screen.findByRole('heading', { name: 'Invoice Not Found' })).toBeInTheDocument();
    expect(brand()).toHaveTextContent('Billpoint');
    expect(document.title).toBe('Billpoint');
  });
});
