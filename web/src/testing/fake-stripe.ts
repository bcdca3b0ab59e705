import { vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

/**
 * Just enough of Stripe.js for @stripe/react-stripe-js to run for real against it: elements(), a payment element
 * that mounts a plain input and reports `ready`, and confirmPayment answering what the test decides.
 */
export function fakeStripe() {
  const elementsOptions: unknown[] = [];
  const element = () => {
    const handlers = new Map<string, Handler[]>();
    let mounted = false;
    const fire = (event: string) => queueMicrotask(() => handlers.get(event)?.forEach((h) => h({ elementType: 'payment' })));
    return {
      mount(node: HTMLElement) {
        mounted = true;
        node.innerHTML = '<div data-testid="stripe-payment-element">Card details (Stripe)</div>';
        if (handlers.has('ready')) fire('ready');
      },
      on(event: string, handler: Handler) {
        handlers.set(event, [...(handlers.get(event) ?? []), handler]);
        if (event === 'ready' && mounted) fire('ready');
      },
      off(event: string, handler: Handler) {
        handlers.set(
          event,
          (handlers.get(event) ?? []).filter((h) => h !== handler),
        );
      },
      update: vi.fn(),
      destroy: vi.fn(),
      unmount: vi.fn(),
    };
  };
  const stripe = {
    elements: vi.fn((options: unknown) => {
      elementsOptions.push(options);
      return { create: vi.fn(() => element()), update: vi.fn(), getElement: vi.fn(), submit: vi.fn(async () => ({})) };
    }),
    confirmPayment: vi.fn<(params: { confirmParams: { return_url: string }; redirect: string }) => Promise<unknown>>(),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    _registerWrapper: vi.fn(),
    registerAppInfo: vi.fn(),
  };
  return { stripe, elementsOptions };
}
