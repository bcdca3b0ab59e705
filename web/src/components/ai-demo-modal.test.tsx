import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AiDemoModal, DEMO_RECOMMENDATIONS_DELAY_MS, DEMO_STAGE_MS, DEMO_STAGES } from './ai-demo-modal';

afterEach(() => vi.useRealTimers());
const states = () => screen.getAllByTestId('demo-stage').map((s) => s.getAttribute('data-state'));

describe('AI insights demo modal', () => {
  it('steps through the four stages every 2 s, shows insights, then recommendations 1.5 s later; Reset starts over', () => {
    vi.useFakeTimers();
    render(<AiDemoModal open onOpenChange={() => {}} />);
    expect(screen.getAllByTestId('demo-stage').map((s) => s.textContent)).toEqual([...DEMO_STAGES]);
    expect(states()).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    act(() => screen.getByRole('button', { name: 'Start Demo' }).click());
    expect(states()).toEqual(['active', 'waiting', 'waiting', 'waiting']);
    act(() => vi.advanceTimersByTime(DEMO_STAGE_MS - 1));
    expect(states()[1]).toBe('waiting');
    act(() => vi.advanceTimersByTime(1));
    expect(states()).toEqual(['done', 'active', 'waiting', 'waiting']);
    act(() => vi.advanceTimersByTime(DEMO_STAGE_MS));
    expect(states()).toEqual(['done', 'done', 'active', 'waiting']);
    act(() => vi.advanceTimersByTime(DEMO_STAGE_MS));
    expect(states()).toEqual(['done', 'done', 'done', 'active']);
    expect(screen.queryAllByTestId('demo-insight')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(DEMO_STAGE_MS));
    expect(states()).toEqual(['done', 'done', 'done', 'done']);
    expect(screen.getAllByTestId('demo-insight').length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('demo-recommendation')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(DEMO_RECOMMENDATIONS_DELAY_MS));
    expect(screen.getAllByTestId('demo-recommendation').length).toBeGreaterThan(0);
    act(() => screen.getByRole('button', { name: 'Reset' }).click());
    expect(states()).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    expect(screen.queryAllByTestId('demo-insight')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start Demo' })).toBeInTheDocument();
  });

  it('Close Demo closes it', () => {
    const onOpenChange = vi.fn();
    render(<AiDemoModal open onOpenChange={onOpenChange} />);
    act(() => screen.getByRole('button', { name: 'Close Demo' }).click());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
