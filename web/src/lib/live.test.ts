import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectLive, REOPEN_AFTER_MS, staleKeys, type EventSourceLike } from './live';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onmessage: EventSourceLike['onmessage'] = null;
  onerror: EventSourceLike['onerror'] = null;
  onopen: EventSourceLike['onopen'] = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

function setup() {
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => void invalidated.push(filters?.queryKey ?? 'all'));
  const sources: FakeSource[] = [];
  const close = connectLive(client, (url) => {
    const s = new FakeSource(url);
    sources.push(s);
    return s;
  });
  return { invalidated, sources, close };
}

afterEach(() => vi.useRealTimers());

describe('the live stream', () => {
  it('opens /api/live once; a payment refreshes payments, invoices and the dashboard; an invoice its screens', () => {
    const { invalidated, sources } = setup();
    expect(sources.map((s) => s.url)).toEqual(['/api/live']);
    sources[0]!.open();
    expect(invalidated).toEqual([]); // the first stream: the screens just loaded their figures
    sources[0]!.send({ type: 'payment', action: 'completed', id: 7 });
    expect(invalidated).toEqual([['payments'], ['invoices'], ['dashboard']]);
    invalidated.length = 0;
    sources[0]!.send({ type: 'invoice', action: 'paid', id: 3 });
    expect(invalidated).toEqual(expect.arrayContaining([['invoices'], ['dashboard']]));
  });

  it('the integrations cards follow API keys, API usage and webhooks', () => {
    for (const type of ['api-key', 'api-usage', 'webhook'] as const)
      expect(staleKeys({ type, action: 'created', id: null })).toEqual([['integrations']]);
  });

  it('a reset refetches everything; an unknown message changes nothing', () => {
    const { invalidated, sources } = setup();
    sources[0]!.send({ type: 'reset' });
    expect(invalidated).toEqual(['all']);
    sources[0]!.send({ type: 'weather', action: 'rained', id: 1 });
    expect(invalidated).toEqual(['all']);
  });

  it('reconnecting is left to EventSource; after a refusal a new stream comes later and refetches everything', () => {
    vi.useFakeTimers();
    const { invalidated, sources, close } = setup();
    sources[0]!.fail(false); // dropped: EventSource reconnects with Last-Event-ID itself
    vi.advanceTimersByTime(REOPEN_AFTER_MS);
    expect(sources.length).toBe(1);
    sources[0]!.fail(true); // refused (429, 401): EventSource has given up
    vi.advanceTimersByTime(REOPEN_AFTER_MS - 1);
    expect(sources.length).toBe(1);
    vi.advanceTimersByTime(1);
    expect(sources.length).toBe(2);
    sources[1]!.open();
    expect(invalidated).toEqual(['all']); // notices may have been missed meanwhile
    close();
    expect(sources[1]!.closed).toBe(true);
  });

  it('closing stops a pending reopen', () => {
    vi.useFakeTimers();
    const { sources, close } = setup();
    sources[0]!.fail(true);
    close();
    vi.advanceTimersByTime(REOPEN_AFTER_MS * 2);
    expect(sources.length).toBe(1);
  });
});
