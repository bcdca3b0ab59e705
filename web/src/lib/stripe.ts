import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';

/** One Stripe.js per publishable key for the page's lifetime (Stripe asks for a single instance). */
const stripes = new Map<string, Promise<Stripe | null>>();

export function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
    stripe.catch(() => stripes.delete(key)); // a later visit may try again
  }
  return stripe;
}
