import { describe, expect, it } from 'vitest';
import { churnRate } from './dashboard.ts';

describe('churnRate (analytics and AI insight alike)', () => {
  it('is stopped ÷ (active now + stopped), to 0.1 half up; null when none was active in the period', () => {
    expect(churnRate(0n, 0n)).toBeNull();
    expect(churnRate(0n, 4n)).toBe(0);
    // Started and cancelled within the period: 1 of 1.
    expect(churnRate(1n, 0n)).toBe(100);
    expect(churnRate(1n, 2n)).toBe(33.3);
    expect(churnRate(2n, 1n)).toBe(66.7);
  });
});
