import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePermissions } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { SEARCH_MIN_LENGTH, searchQueryOptions, type SearchResults } from '../api/search';

const TEXT = {
  label: 'Search invoices, customers and quotes',
  placeholder: 'Search...',
  invoices: 'Invoices',
  customers: 'Customers',
  quotes: 'Quotes',
  searching: 'Searching...',
  nothing: (term: string) => `Nothing matches “${term}”`,
  failed: 'Search failed. Try again.',
  tooShort: `Type at least ${SEARCH_MIN_LENGTH} characters`,
} as const;

interface Hit {
  key: string;
  group: keyof SearchResults;
  title: string;
  detail: string;
  href: string;
}

function hitsOf(r: SearchResults): Hit[] {
  return [
    ...r.invoices.map((i) => ({
      key: `invoice-${i.id}`,
      group: 'invoices' as const,
      title: i.invoiceNumber,
      detail: [i.customer?.name, formatMoney(i.total, i.currency)].filter(Boolean).join(' · '),
      href: paths.invoice.getHref(i.id),
    })),
    ...r.customers.map((c) => ({
      key: `customer-${c.id}`,
      group: 'customers' as const,
      title: c.name,
      detail: [c.company, c.email].filter(Boolean).join(' · '),
      href: paths.customerView.getHref(c.id),
    })),
    ...r.quotes.map((q) => ({
      key: `quote-${q.id}`,
      group: 'quotes' as const,
      title: q.quoteNumber,
      detail: [q.customer?.name, formatMoney(q.total, q.currency)].filter(Boolean).join(' · '),
      href: paths.quote.getHref(q.id),
    })),
  ];
}

/** The term once typing pauses, so a word typed costs one request, not one per key. */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * The dashboard's search box: a combobox over invoices (by number or customer), customers (name, e-mail, company) and
 * quotes. Arrow keys move through the results, Enter opens one, Escape closes the list.
 */
export function DashboardSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const can = usePermissions();
  const id = React.useId();
  const [term, setTerm] = React.useState('');
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(0);
  const settled = useSettled(term.trim());
  const kinds = { invoices: can('invoices.read'), customers: can('customers.read'), quotes: can('quotes.read') };
  const query = useQuery({ ...searchQueryOptions(settled, kinds), placeholderData: keepPreviousData });
  const hits = settled.length >= SEARCH_MIN_LENGTH && query.data ? hitsOf(query.data) : [];
  const shown = open && term.trim().length > 0;
  const pending = settled !== term.trim() || query.isFetching;

  React.useEffect(() => setActive(0), [settled]);

  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    setOpen(false);
    setTerm('');
    void navigate(hit.href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (hits.length ? (a + 1) % hits.length : 0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (hits.length ? (a - 1 + hits.length) % hits.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(hits[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const status =
    term.trim().length < SEARCH_MIN_LENGTH
      ? TEXT.tooShort
      : query.isError
        ? TEXT.failed
        : pending && !hits.length
          ? TEXT.searching
          : !hits.length
            ? TEXT.nothing(term.trim())
            : null;

  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        role="combobox"
        aria-label={TEXT.label}
        aria-expanded={shown}
        aria-controls={`${id}-results`}
        aria-autocomplete="list"
        aria-activedescendant={shown && hits[active] ? `${id}-${hits[active].key}` : undefined}
        placeholder={TEXT.placeholder}
        className="pl-8"
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        // A click on a result lands before the list closes.
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {shown && (
        <div className="absolute right-0 z-50 mt-1 w-[min(22rem,calc(100vw-2rem))] rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          {status ? (
            <p className="flex items-center gap-2 px-2 py-3 text-sm text-muted-foreground" role="status">
              {pending && term.trim().length >= SEARCH_MIN_LENGTH && <Spinner label={TEXT.searching} className="size-4" />}
              {status}
            </p>
          ) : null}
          <div
            id={`${id}-results`}
            role="listbox"
            aria-label={TEXT.label}
            className={cn('max-h-80 overflow-y-auto', !hits.length && 'hidden')}
          >
            {(['invoices', 'customers', 'quotes'] as const).map((group) => {
              const inGroup = hits.filter((h) => h.group === group);
              if (!inGroup.length) return null;
              return (
                <div key={group} role="group" aria-label={TEXT[group]}>
                  <p className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground" aria-hidden="true">
                    {TEXT[group]}
                  </p>
                  {inGroup.map((hit) => {
                    const index = hits.indexOf(hit);
                    return (
                      <div
                        key={hit.key}
                        id={`${id}-${hit.key}`}
                        role="option"
                        aria-selected={index === active}
                        data-testid="search-result"
                        className={cn(
                          'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                          index === active && 'bg-accent text-accent-foreground',
                        )}
                        onMouseEnter={() => setActive(index)}
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => go(hit)}
                      >
                        <span className="block truncate font-medium">{hit.title}</span>
                        {hit.detail && <span className="block truncate text-xs text-muted-foreground">{hit.detail}</span>}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
