import * as React from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** Renders routes inside the app's providers (query client with the app's defaults, theme, tooltips, toasts). */
export function renderRoutes(routes: RouteObject[], { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

export function renderWithProviders(ui: React.ReactElement, options: { path?: string } = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

/** A fetch stub answering by method and path; unknown calls fail the test loudly. */
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Route = { method?: string; path: string | RegExp; reply?: (url: URL) => Reply | Promise<Reply> } & Reply;

export function stubFetch(routes: Route[]) {
  const calls: { method: string; url: string; init: RequestInit | undefined }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url, init });
    const pathname = new URL(url, 'http://localhost').pathname;
    const route = routes.find(
      (r) => (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === pathname : r.path.test(pathname)),
    );
    if (!route) throw new Error(`Unexpected fetch ${method} ${url}`);
    const reply = route.reply ? await route.reply(new URL(url, 'http://localhost')) : route;
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'application/json', ...reply.headers } });
  };
  vi.stubGlobal('fetch', vi.fn(fetchMock));
  return calls;
}
