import * as React from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation, useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithProviders, stubFetch, type Reply } from '@/testing/render';
import { UnavailableBanner } from './unavailable-banner';

const unavailable: Reply = {
  status: 503,
  headers: { 'retry-after': '0' },
  body: { statusCode: 503, error: 'Service Unavailable', message: 'The service is temporarily unavailable. Please try again in a moment.' },
};

function Things() {
  const { data } = useQuery({ queryKey: ['things'], queryFn: () => api.get<string[]>('/api/things') });
  const save = useMutation({ mutationFn: () => api.post('/api/things', { name: 'x' }) });
  return (
    <>
      <UnavailableBanner />
      <p>{data ? `loaded ${data.join(',')}` : 'loading'}</p>
      <button onClick={() => save.mutate()}>Save</button>
    </>
  );
}

describe('UnavailableBanner', () => {
  it('says "retrying" while reads get 503s and goes away when a retry succeeds', async () => {
    let release!: () => void;
    const gate = new Promise<void>((ok) => (release = ok));
    let calls = 0;
    stubFetch([
      {
        path: '/api/things',
        reply: async () => {
          calls++;
          if (calls === 1) return unavailable;
          await gate;
          return { body: ['a', 'b'] };
        },
      },
    ]);
    renderWithProviders(<Things />);
    expect(await screen.findByText('Billpoint is temporarily unavailable. Retrying…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Retrying');
    release();
    expect(await screen.findByText('loaded a,b')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/temporarily unavailable/)).not.toBeInTheDocument());
  });

  it('offers to try again once the retries ran out, and recovers on request', async () => {
    let up = false;
    stubFetch([{ path: '/api/things', reply: () => (up ? { body: ['c'] } : unavailable) }]);
    renderWithProviders(<Things />);
    const again = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Billpoint is temporarily unavailable. Your data is safe; please try again in a moment.',
    );
    up = true;
    await userEvent.click(again);
    expect(await screen.findByText('loaded c')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a write that meets an outage is not retried and says the service is unavailable', async () => {
    const calls = stubFetch([
      { path: '/api/things', body: ['a'] },
      { method: 'POST', path: '/api/things', ...unavailable },
    ]);
    renderWithProviders(<Things />);
    await screen.findByText('loaded a');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Temporarily unavailable')).toBeInTheDocument();
    expect(screen.getByText('Billpoint is temporarily unavailable. Please try again in a moment.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
