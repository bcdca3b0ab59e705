import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { InvoiceStatusBadge, invoiceBadgeVariant } from './invoice-status-badge';

describe('invoice status badge variants', () => {
  it.each([
    ['paid', 'default'],
    ['sent', 'secondary'],
    ['overdue', 'destructive'],
    ['draft', 'outline'],
  ])('dashboard: %s is %s (paid is the primary-coloured default)', (status, variant) => {
    expect(invoiceBadgeVariant('dashboard', status)).toBe(variant);
  });

  it.each([
    ['paid', 'default'],
    ['sent', 'secondary'],
    ['overdue', 'destructive'],
    ['draft', 'outline'],
    ['viewed', 'outline'],
    ['cancelled', 'outline'],
    ['refunded', 'outline'],
    ['credited', 'outline'],
  ])('list: %s is %s (draft and others outline)', (status, variant) => {
    expect(invoiceBadgeVariant('list', status)).toBe(variant);
  });

  it.each([
    ['paid', 'default'],
    ['pending', 'secondary'],
    ['overdue', 'destructive'],
    ['draft', 'outline'],
    ['sent', 'secondary'],
    ['cancelled', 'secondary'],
  ])('view and edit: %s is %s (unknown secondary)', (status, variant) => {
    expect(invoiceBadgeVariant('view', status)).toBe(variant);
  });

  it('counts a missing status as draft and shows the capitalised status', () => {
    expect(invoiceBadgeVariant('list', undefined)).toBe('outline');
    expect(invoiceBadgeVariant('view', null)).toBe('outline');
    render(
      <>
        <InvoiceStatusBadge screen="list" status={undefined} />
        <InvoiceStatusBadge screen="dashboard" status="overdue" />
        <InvoiceStatusBadge screen="list" status="credited" />
      </>,
    );
    expect(screen.getByText('Draft')).toHaveAttribute('data-variant', 'outline');
    expect(screen.getByText('Overdue')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Credited')).toHaveAttribute('data-variant', 'outline');
  });
});
