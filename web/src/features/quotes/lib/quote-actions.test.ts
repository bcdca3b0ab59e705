import { describe, expect, it } from 'vitest';
import { QuoteStatuses, type Permission, type QuoteStatus } from '@billpoint/proto';
import { quoteActions } from './quote-actions';

const all = () => true;
const quote = (status: QuoteStatus, extra: { publicToken?: string; convertedInvoiceId?: number | null; validUntil?: string } = {}) => ({
  status,
  publicToken: 'tok',
  convertedInvoiceId: null,
  validUntil: '2999-12-31',
  ...extra,
});

describe('quote actions by status', () => {
  it.each<[QuoteStatus, string[]]>([
    ['draft', ['send', 'edit', 'remove', 'convert']],
    ['sent', ['send', 'resend', 'edit', 'convert', 'answer', 'copyLink']],
    ['viewed', ['send', 'resend', 'edit', 'convert', 'answer', 'copyLink']],
    ['accepted', ['resend', 'convert', 'copyLink']],
    ['declined', ['resend', 'remove', 'copyLink']],
    ['expired', ['resend', 'remove', 'copyLink']],
    ['converted', ['resend', 'copyLink']],
  ])('%s allows %j', (status, allowed) => {
    const actions = quoteActions(quote(status), all);
    const on = Object.entries(actions)
      .filter(([k, v]) => k !== 'invoiceId' && v === true)
      .map(([k]) => k);
    expect(on.sort()).toEqual([...allowed].sort());
  });

  it('covers every status', () => {
    expect(QuoteStatuses).toHaveLength(7);
  });

  it("records the customer's answer only until the end of the validUntil day", () => {
    expect(quoteActions(quote('sent', { validUntil: '2026-12-03' }), all, '2026-12-03').answer).toBe(true);
    expect(quoteActions(quote('sent', { validUntil: '2026-12-02' }), all, '2026-12-03').answer).toBe(false);
    expect(quoteActions(quote('viewed'), (p) => p !== 'quotes.write').answer).toBe(false);
  });

  it('links a converted quote to its invoice', () => {
    expect(quoteActions(quote('converted', { convertedInvoiceId: 42 }), all).invoiceId).toBe(42);
    expect(quoteActions(quote('accepted', { convertedInvoiceId: null }), all).invoiceId).toBeNull();
  });

  it("hides what the member's role may not do", () => {
    const userRole = (p: Permission) => p !== 'quotes.delete';
    expect(quoteActions(quote('draft'), userRole).remove).toBe(false);
    const readOnly = (p: Permission) => p === 'quotes.read';
    expect(quoteActions(quote('draft'), readOnly)).toMatchObject({ send: false, edit: false, remove: false, convert: false });
  });

  it('offers no public link without a token', () => {
    expect(quoteActions(quote('sent', { publicToken: undefined }), all).copyLink).toBe(false);
  });
});
