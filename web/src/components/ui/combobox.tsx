import * as React from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, quieter text on the right (e.g. a zone's UTC offset); searched too. */
  hint?: string;
}

/** Lower case, `_` and `/` read as spaces: "new york" finds America/New_York. */
const normalize = (s: string) => s.toLowerCase().replace(/[_/]+/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * A select over a long list that one can search: a button showing the choice opens a search box (a combobox: type to
 * filter, ↑/↓, Home/End, Enter to choose, Esc to close) over the options. The caller gives every text a person reads
 * (`searchLabel`, `placeholder`, `emptyText`, `countText`). Focus returns to the button after a choice.
 */
export function Combobox({
  id,
  value,
  onChange,
  options,
  label,
  searchLabel,
  placeholder,
  emptyText,
  countText,
  disabled,
  onBlur,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboboxOption[];
  /** The field's name, for the button. */
  label: string;
  searchLabel: string;
  placeholder: string;
  emptyText: string;
  countText: (n: number) => string;
  disabled?: boolean;
  onBlur?: () => void;
}) {
  const listId = React.useId();
  const [open, setOpen] = React.useState(false);
  const [text, setText] = React.useState('');
  const [active, setActive] = React.useState(0);
  const activeRef = React.useRef<HTMLLIElement>(null);
  const shown = React.useMemo(() => {
    const words = normalize(text).split(' ').filter(Boolean);
    if (!words.length) return options;
    return options.filter((o) => {
      const hay = normalize(`${o.label} ${o.value} ${o.hint ?? ''}`);
      return words.every((w) => hay.includes(w));
    });
  }, [options, text]);
  const current = options.find((o) => o.value === value);

  React.useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const openWith = (next: boolean) => {
    setOpen(next);
    if (next) {
      setText('');
      setActive(
        Math.max(
          0,
          options.findIndex((o) => o.value === value),
        ),
      );
    }
  };
  const pick = (o: ComboboxOption) => {
    onChange(o.value);
    setOpen(false);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const keys: Record<string, () => void> = {
      ArrowDown: () => setActive((i) => Math.min(last, i + 1)),
      ArrowUp: () => setActive((i) => Math.max(0, i - 1)),
      Home: () => setActive(0),
      End: () => setActive(Math.max(0, last)),
      Enter: () => shown[active] && pick(shown[active]),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Popover open={open} onOpenChange={openWith}>
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          disabled={disabled}
          aria-label={`${label}: ${current?.label ?? value}`}
          aria-haspopup="dialog"
          onBlur={onBlur}
          className="flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-sm whitespace-nowrap shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <span className="min-w-0 truncate">{current?.label ?? value}</span>
          <ChevronDown className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label={label} className="w-[min(24rem,calc(100vw-2rem))] p-0">
        <div className="flex flex-col">
          <div className="border-b p-2">
            <Input
              role="combobox"
              aria-label={searchLabel}
              aria-expanded={shown.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
              placeholder={placeholder}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          <ul id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto p-1">
            {shown.map((o, i) => (
              <li
                key={o.value}
                ref={i === active ? activeRef : undefined}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cn(
                  'flex cursor-default items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-sm',
                  i === active && 'bg-accent text-accent-foreground',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => pick(o)}
              >
                <span className="flex min-w-0 items-center gap-2">
                  <Check className={cn('size-4 shrink-0', o.value === value ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                  <span className="truncate">{o.label}</span>
                </span>
                {o.hint && <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{o.hint}</span>}
              </li>
            ))}
          </ul>
          <p role="status" className={cn('px-3 pb-2 text-xs text-muted-foreground', shown.length === 0 && 'pt-2')}>
            {shown.length === 0 ? emptyText : countText(shown.length)}
          </p>
        </div>
      </PopoverContent>
    </Popover>
  );
}
