import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makePublicQuote } from '@/testing/quote-factory';
import { PublicQuotePage } from './public-quote-page';
import { QuoteLayout } from './quote-layout';

const renderFramed = () =>
  renderRoutes([{ element: <QuoteLayout />, children: [{ path: '/quote/:token', element: <PublicQuotePage /> }] }], {
    path: '/quote/quote-token-1',
  });
const brand = () => screen.getByTestId('standalone-brand');

describe('public quote frame (white-label)', () => {
  it("shows Billpoint's bar for an organization that is not white-labelled", async () => {
    stubFetch([{ path: '/api/quotes/quote-token-1/public', body: { ...makePublicQuote({ quoteNumber: 'QUO-0007' }), whiteLabel: false } }]);
    renderFramed();
    await screen.findByRole('heading', { level: 1, name: 'Quote QUO-0007' });
    expect(brand()).toHaveTextContent('Billpoint');
  });

  it("shows the organization's name and logo, in the title too, and no Billpoint anywhere when it is white-labelled", async () => {
    const quote = makePublicQuote({ quoteNumber: 'QUO-0008', seller: { name: 'Initrode Quotes', logoUrl: '/api/logos/initrode.png' } });
    stubFetch([{ path: '/api/quotes/quote-token-1/public', body: { ...quote, whiteLabel: true } }]);
    const { container } = renderFramed();
    await screen.findByRole('heading', { level: 1, name: 'Quote QUO-0008' });
    expect(brand()).toHaveTextContent('Initrode Quotes');
    expect(brand().querySelector('img')).toHaveAttribute('src', '/api/logos/initrode.png');
    expect(container.textContent).not.toMatch(/Billpoint/i);
    expect(document.title).toBe('Initrode Quotes');
  });
});
