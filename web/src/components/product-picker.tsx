import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import type { Product } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { WithTooltip } from '@/components/ui/tooltip';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatMoney } from '@/lib/format';
import { productChoicesQueryOptions, productKeys } from '@/lib/products';
import { cn } from '@/lib/utils';

export const PRODUCT_SEARCH_DEBOUNCE_MS = 250;

/** Only active products can go on an invoice line (the server answers 'Product not found' otherwise). */
const selectable = (p: Product) => p.isActive;

function ProductOption({
  product: p,
  id,
  active,
  onPick,
  onHover,
}: {
  product: Product;
  id: string;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  const disabled = !selectable(p);
  const ref = React.useRef<HTMLLIElement>(null);
  React.useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <li
      ref={ref}
      id={id}
      role="option"
      aria-selected={active}
      aria-disabled={disabled || undefined}
      className={cn(
        'flex cursor-default items-start justify-between gap-3 rounded-sm px-2 py-1.5 text-sm',
        active && 'bg-accent text-accent-foreground',
        disabled && 'opacity-60',
      )}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onHover}
      onClick={() => !disabled && onPick()}
    >
      <span className="min-w-0">
        <span className="block truncate font-medium">{p.name}</span>
        <span className="block text-xs text-muted-foreground">
          {p.sku ? <span className="font-mono">{p.sku}</span> : 'No SKU'}
          {disabled ? ' · Inactive' : p.trackInventory && p.stockQuantity != null ? ` · ${p.stockQuantity} in stock` : ''}
        </span>
      </span>
      <span className="shrink-0 tabular-nums">{formatMoney(p.price, p.currency)}</span>
    </li>
  );
}

/** The search box and its list: a combobox (type to search, ↑/↓, Home/End, Enter to choose, Esc to close). */
function ProductSearch({ onPick }: { onPick: (p: Product) => void }) {
  const id = React.useId();
  const [text, setText] = React.useState('');
  const term = useDebouncedValue(text.trim(), PRODUCT_SEARCH_DEBOUNCE_MS);
  const { data = [], isPending, isError, isFetching, isPlaceholderData } = useQuery(productChoicesQueryOptions(term));
  // Inactive products are shown (so nobody wonders where one went) but last, and cannot be chosen.
  const products = React.useMemo(() => [...data].sort((a, b) => Number(selectable(b)) - Number(selectable(a))), [data]);
  // Matches of an earlier text (typing, debounce, request under way): Enter waits for the current ones.
  const stale = text.trim() !== term || (isFetching && isPlaceholderData);
  // The highlighted option, by product id: it stays on the same product while the matches change.
  const [activeId, setActiveId] = React.useState<number | null>(null);
  const enabled = products.flatMap((p, i) => (selectable(p) ? [i] : []));
  const chosen = products.findIndex((p) => p.id === activeId && selectable(p));
  const active = chosen >= 0 ? chosen : (enabled[0] ?? -1);
  const setActive = (i: number | undefined) => i !== undefined && i >= 0 && setActiveId(products[i]!.id);

  const move = (step: 1 | -1) => {
    if (!enabled.length) return;
    const at = enabled.indexOf(active);
    setActive(enabled[(at + step + enabled.length) % enabled.length]);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Home: () => setActive(enabled[0]),
      End: () => setActive(enabled.at(-1)),
      Enter: () => !stale && active >= 0 && onPick(products[active]!),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  const status = isError
    ? 'Failed to load products'
    : isPending || stale
      ? 'Searching...'
      : products.length === 0
        ? term
          ? 'No products found'
          : 'No products yet'
        : `${products.length} ${products.length === 1 ? 'product' : 'products'}`;

  return (
    <div className="flex flex-col">
      <div className="border-b p-2">
        <Input
          role="combobox"
          aria-label="Search products"
          aria-expanded={products.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
          placeholder="Search by name, SKU or category..."
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul id={`${id}-list`} role="listbox" aria-label="Products" className="max-h-72 overflow-y-auto p-1">
        {products.map((p, i) => (
          <ProductOption
            key={p.id}
            id={`${id}-${i}`}
            product={p}
            active={i === active}
            onPick={() => onPick(p)}
            onHover={() => selectable(p) && setActive(i)}
          />
        ))}
      </ul>
      <p
        role="status"
        data-testid="product-search-status"
        className={cn('px-3 pb-2 text-xs text-muted-foreground', products.length === 0 && 'pt-2')}
      >
        {status}
      </p>
    </div>
  );
}

/**
 * A product picker for a line (invoice items): a button opening a search over the catalog (GET /api/products?search=,
 * server side) showing name, SKU and price. `label` names it, e.g. "Choose product (item 2)". After a choice, focus
 * goes where `onSelect` puts it (e.g. the line's quantity); closed without one, it returns to the button.
 */
export function ProductPicker({ label, onSelect }: { label: string; onSelect: (product: Product) => void }) {
  const [open, setOpen] = React.useState(false);
  const picked = React.useRef(false);
  const queryClient = useQueryClient();
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <WithTooltip label="Choose a product">
        <PopoverTrigger asChild>
          <Button variant="outline" size="icon" aria-label={label}>
            <PackageSearch aria-hidden="true" />
          </Button>
        </PopoverTrigger>
      </WithTooltip>
      <PopoverContent
        align="start"
        className="w-[min(24rem,calc(100vw-2rem))] p-0"
        onCloseAutoFocus={(event) => {
          if (picked.current) event.preventDefault();
          picked.current = false;
        }}
      >
        {open && (
          <ProductSearch
            onPick={(p) => {
              queryClient.setQueryData(productKeys.detail(String(p.id)), p); // what the line shows about it
              picked.current = true;
              setOpen(false);
              onSelect(p);
            }}
          />
        )}
      </PopoverContent>
    </Popover>
  );
}
