import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AiDemoModal, DEMO_RECOMMENDATIONS_MS, DEMO_STAGES, DEMO_STAGE_MS } from './ai-demo-modal';

const current = () => document.querySelector('[aria-current="step"]')?.textContent;

describe('AiDemoModal (areas §2, §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('steps through the four stages every 2 s, then sample insights, and the recommendations 1.5 s later; Reset starts over', () => {
    const onOpenChange = vi.fn();
    render(<AiDemoModal open onOpenChange={onOpenChange} />);
    expect(current()).toBeUndefined();
    act(() => screen.getByRole('button', { name: 'Start Demo' }).click());
    for (const stage of DEMO_STAGES) {
      expect(current()).toBe(stage);
      expect(screen.queryByRole('region', { name: 'Sample insights' })).toBeNull();
      act(() => vi.advanceTimersByTime(DEMO_STAGE_MS));
    }
    expect(screen.getByRole('region', { name: 'Sample insights' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Recommendations' })).toBeNull();
    act(() => vi.advanceTimersByTime(DEMO_RECOMMENDATIONS_MS - 1));
    expect(screen.queryByRole('region', { name: 'Recommendations' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('region', { name: 'Recommendations' })).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'Reset' }).click());
    expect(screen.getByRole('button', { name: 'Start Demo' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sample insights' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Close Demo' }).click());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
