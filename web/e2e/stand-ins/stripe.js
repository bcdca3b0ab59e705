/**
 * A stand-in for Stripe.js (https://js.stripe.com/<version>/stripe.js), served through Playwright routing to the
 * keyed browser tests: just what @stripe/stripe-js and @stripe/react-stripe-js call. The payment element is a plain
 * labelled card-number field (no iframe); confirmPayment confirms the PaymentIntent with "Stripe's API" like the real
 * one (https://api.stripe.com, routed to the local stand-in), and answers { paymentIntent } or { error }.
 */
(() => {
  const API = 'https://api.stripe.com/v1';

  function paymentElement(elements) {
    const handlers = {};
    let node = null;
    const emit = (event) =>
      setTimeout(() => (handlers[event] || []).forEach((h) => h({ elementType: 'payment', empty: false, complete: true })));
    return {
      mount(target) {
        node = typeof target === 'string' ? document.querySelector(target) : target;
        node.innerHTML =
          '<div data-testid="stripe-stand-in" style="display:grid;gap:6px">' +
          '<label for="stand-in-card">Card number</label>' +
          '<input id="stand-in-card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242"' +
          ' style="border:1px solid #ccc;border-radius:6px;padding:8px">' +
          '</div>';
        elements.cardInput = node.querySelector('input');
        emit('ready');
      },
      on(event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        if (event === 'ready' && node) emit('ready');
        return this;
      },
      off(event, handler) {
        handlers[event] = (handlers[event] || []).filter((h) => h !== handler);
        return this;
      },
      update() {},
      focus() {},
      blur() {},
      clear() {},
      unmount() {
        if (node) node.innerHTML = '';
      },
      destroy() {
        this.unmount();
      },
    };
  }

  function Stripe(publishableKey) {
    return {
      elements(options) {
        const elements = {
          clientSecret: options && options.clientSecret,
          cardInput: null,
          create: (type) => {
            if (type !== 'payment') throw new Error('The Stripe.js stand-in only has the payment element');
            return paymentElement(elements);
          },
          getElement: () => null,
          update() {},
          fetchUpdates: async () => ({}),
          submit: async () => ({}),
        };
        return elements;
      },
      async confirmPayment({ elements }) {
        const secret = elements.clientSecret;
        const id = secret.split('_secret_')[0];
        const form = new URLSearchParams({
          key: publishableKey,
          client_secret: secret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': elements.cardInput ? elements.cardInput.value : '',
        });
        const res = await fetch(`${API}/payment_intents/${id}/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        });
        const body = await res.json();
        return res.ok ? { paymentIntent: body } : { error: body.error };
      },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
