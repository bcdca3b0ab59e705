import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, splitCreditAmount } from './split.ts';

const line = (rate: string, taxable: bigint, tax: bigint, taxRateId: number | null = null) => ({
  taxRateId,
  name: taxRateId ? `Rate ${rate}` : null,
  type: taxRateId ? 'vat' : null,
  rate,
  taxable,
  tax,
});

describe('allocateLargestRemainder', () => {
  it('splits in proportion and gives the leftover units to the largest remainders', () => {
    expect(allocateLargestRemainder(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(allocateLargestRemainder(10n, [3n, 7n])).toEqual([3n, 7n]);
    expect(allocateLargestRemainder(5n, [0n, 0n])).toEqual([5n, 0n]);
    const parts = allocateLargestRemainder(99_999n, [333n, 667n, 1n]);
    expect(parts.reduce((a, p) => a + p, 0n)).toBe(99_999n);
  });
});

describe('splitCreditAmount', () => {
  const lines = [line('20.00', 10_000n, 2_000n, 1), line('10.00', 5_000n, 500n, 2), line('0.00', 3_000n, 0n)];
  const total = 20_500n;

  it('crediting the whole total reverses exactly the invoice tax per rate', () => {
    const parts = splitCreditAmount(total, total, lines);
    expect(parts.map((p) => [p.taxable, p.tax])).toEqual([
      [10_000n, 2_000n],
      [5_000n, 500n],
      [3_000n, 0n],
    ]);
  });

  it('a part: tax is the same share of the invoice tax, and the parts sum exactly to the amount', () => {
    const parts = splitCreditAmount(1_001n, total, lines);
    const tax = parts.reduce((a, p) => a + p.tax, 0n);
    expect(tax).toBe(122n); // 2500 × 1001 / 20500 = 122.07…
    expect(parts.reduce((a, p) => a + p.taxable + p.tax, 0n)).toBe(1_001n);
  });

  it('never takes more tax than the amount (a discount larger than the net)', () => {
    const parts = splitCreditAmount(100n, 1_000n, [line('20.00', 5_000n, 1_000n, 1)]);
    expect(parts[0]).toMatchObject({ taxable: 0n, tax: 100n });
  });
});
