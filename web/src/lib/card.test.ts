import { describe, expect, it } from 'vitest';
import { DEMO_DECLINE_CARD, DEMO_SUCCESS_CARD } from '@billpoint/proto';
import { cardDigits, demoCardSchema, groupDigits, luhnValid } from './card';

const today = new Date(2026, 10, 23); // November 2026
const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Ada Lovelace' };
const problems = (values: Partial<typeof valid>) => {
  const r = demoCardSchema(today).safeParse({ ...valid, ...values });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('demo card form', () => {
  it('knows Luhn-valid numbers, both test cards among them', () => {
    expect(luhnValid(DEMO_SUCCESS_CARD)).toBe(true);
    expect(luhnValid(DEMO_DECLINE_CARD)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('accepts a complete card and refuses each field with its own message', () => {
    expect(problems({})).toEqual({});
    expect(problems({ cardNumber: '4242 4242 4242 4241' })).toEqual({ cardNumber: 'Enter a valid card number' });
    expect(problems({ cardNumber: '4242' })).toEqual({ cardNumber: 'Enter a valid card number' });
    expect(problems({ expiry: '13/30' })).toEqual({ expiry: 'Enter the expiry date as MM / YY' });
    expect(problems({ expiry: '10/26' })).toEqual({ expiry: 'The card has expired' });
    expect(problems({ expiry: '1126' })).toEqual({});
    expect(problems({ cvc: '12' })).toEqual({ cvc: 'Enter the 3 or 4 digit security code' });
    expect(problems({ name: '  ' })).toEqual({ name: 'Enter the name on the card' });
  });

  it('sends digits only and shows them grouped', () => {
    expect(cardDigits('4000 0000-0000 0002')).toBe(DEMO_DECLINE_CARD);
    expect(groupDigits(DEMO_SUCCESS_CARD)).toBe('4242 4242 4242 4242');
  });
});
