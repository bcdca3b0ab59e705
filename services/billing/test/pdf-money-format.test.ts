/** How a PDF writes an amount: each currency with its own minor unit, exactly as stored (no float in between). */
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/modules/invoice/pdf/format.ts';

describe('amounts on PDFs', () => {
  it('writes dinars with three decimals, euros with two and whole yen with none', () => {
    expect(formatMoney('1.005', 'KWD')).toBe('KWD1.005');
    expect(formatMoney('1.00', 'KWD')).toBe('KWD1.000');
    expect(formatMoney('1234.125', 'BHD', '1.234,56')).toBe('1.234,125\u00a0BHD');
    expect(formatMoney('1234.5', 'EUR')).toBe('€1,234.50');
    expect(formatMoney('51.00', 'JPY')).toBe('¥51');
  });
});
