import { z } from 'zod';

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const digitsOf = (v: string) => v.replace(/[\s-]/g, '');

/** "MM / YY" (or MM/YY, MMYY) of a card that has not expired by `today`. */
function expiryProblem(value: string, today: Date): string | undefined {
  const m = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(value.trim());
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) return 'Enter the expiry date as MM / YY';
  const year = 2000 + Number(m[2]);
  const thisMonth = today.getFullYear() * 12 + today.getMonth();
  if (year * 12 + month - 1 < thisMonth) return 'The card has expired';
  return undefined;
}

/** The demo processor's card form (no real card data ever leaves the page except the number the demo needs). */
export const demoCardSchema = (today = new Date()) =>
  z.object({
    cardNumber: z.string().refine((v) => /^\d{12,19}$/.test(digitsOf(v)) && luhnValid(digitsOf(v)), 'Enter a valid card number'),
    expiry: z.string().superRefine((v, ctx) => {
      const problem = expiryProblem(v, today);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
    name: z.string().trim().min(1, 'Enter the name on the card'),
  });
export type DemoCardValues = z.infer<ReturnType<typeof demoCardSchema>>;

/** The number as the demo processor takes it: digits only. */
export const cardDigits = digitsOf;

/** 4242424242424242 → "4242 4242 4242 4242". */
export const groupDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
