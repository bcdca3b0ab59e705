import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { LIVE_PATH, LiveMessage, type LiveNoticeType } from '@billpoint/proto/live';

/**
 * The queries each kind of change makes stale, by the first part of their keys (every feature keys its queries
 * under one root: ['invoices', …], ['dashboard', 'stats', …] for the dashboard and analytics, ['integrations', …]).
 * A payment is applied to its invoice by billing a moment later; that change has its own `invoice` notice, so the
 * figures are refetched again once they hold it.
 */
const STALE: Record<LiveNoticeType, readonly string[]> = {
  invoice: ['invoices', 'dashboard', 'payments', 'credit-notes', 'customers', 'quotes', 'ai-insights'],
  payment: ['payments', 'invoices', 'dashboard'],
  customer: ['customers', 'invoices', 'quotes', 'dashboard'],
  expense: ['expenses', 'dashboard', 'tax-summary', 'financial-reports', 'ai-insights'],
  'expense-category': ['expenses', 'expense-categories'],
  'credit-note': ['credit-notes', 'invoices', 'customers', 'dashboard', 'tax-summary', 'financial-reports'],
  'customer-credit': ['customers', 'invoices', 'credit-notes'],
  quote: ['quotes', 'invoices', 'dashboard'],
  subscription: ['subscriptions', 'invoices', 'dashboard'],
  product: ['products', 'dashboard'],
  'tax-rate': ['tax-rates', 'tax-summary'],
  'api-key': ['integrations'],
  'api-usage': ['integrations'],
  webhook: ['integrations'],
};

/** The query keys (roots) a message makes stale; null: everything (a reset). */
export function staleKeys(msg: LiveMessage): QueryKey[] | null {
  if (msg.type === 'reset') return null;
  return STALE[msg.type].map((root) => [root]);
}

/** The browser's EventSource, or a stand-in with its shape (tests). */
export type EventSourceLike = Pick<EventSource, 'close' | 'readyState'> & {
  onmessage: ((e: MessageEvent<string>) => void) | null;
  onerror: ((e: Event) => void) | null;
  onopen: ((e: Event) => void) | null;
};

/** After the server refused the stream (429, 401, 5xx: EventSource gives up on those), a new one is tried this late. */
export const REOPEN_AFTER_MS = 30_000;
const CLOSED = 2;

/**
 * Opens GET /api/live and keeps the query cache current: each notice invalidates the queries it touches (the active
 * ones refetch at once), a reset invalidates all. EventSource reconnects by itself after a dropped connection (with
 * Last-Event-ID: the gateway sends what was missed); after a refusal it stops, and a new stream is opened after
 * REOPEN_AFTER_MS — without a position, so everything is refetched once it is open. Returns the closer.
 */
export function connectLive(queryClient: QueryClient, open: (url: string) => EventSourceLike = (url) => new EventSource(url)): () => void {
  let source: EventSourceLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const start = (fresh: boolean) => {
    const s = (source = open(LIVE_PATH));
    s.onopen = () => {
      if (fresh) void queryClient.invalidateQueries();
      fresh = false;
    };
    s.onmessage = (e) => {
      let parsed: LiveMessage;
      try {
        parsed = LiveMessage.parse(JSON.parse(e.data));
      } catch {
        return; // a notice this version does not know: the next one, or a refetch, brings the figures
      }
      const keys = staleKeys(parsed);
      if (!keys) void queryClient.invalidateQueries();
      else for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    s.onerror = () => {
      if (s.readyState !== CLOSED || stopped) return; // reconnecting by itself
      timer = setTimeout(() => {
        if (!stopped) start(true);
      }, REOPEN_AFTER_MS);
    };
  };
  start(false);
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
