/**
 * A stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served through Playwright routing to the keyed
 * browser tests: just what @paypal/react-paypal-js calls. Buttons render as two plain buttons (no iframe, no popup):
 * "PayPal" creates the order, has the payer approve it (in PayPal's window, here a call to PayPal routed to the local
 * stand-in) and hands it to onApprove; "Cancel PayPal payment" is the payer closing PayPal's window.
 */
(() => {
  const APPROVE = 'https://www.paypal.com/stand-in/orders';

  function Buttons(options) {
    let container = null;
    let enabled = true;
    const actions = {
      enable: async () => void (enabled = true),
      disable: async () => void (enabled = false),
    };
    const fail = (err) => (options.onError ? options.onError(err) : console.error(err));

    async function pay() {
      if (!enabled) return;
      let orderID;
      try {
        orderID = await options.createOrder({ paymentSource: 'paypal' }, { order: {} });
        const res = await fetch(`${APPROVE}/${encodeURIComponent(orderID)}/approve`, { method: 'POST' });
        if (!res.ok) throw new Error(`approve failed: ${res.status}`);
      } catch (err) {
        return fail(err);
      }
      try {
        await options.onApprove({ orderID, payerID: 'STANDINPAYER', paymentSource: 'paypal' }, { order: {}, restart: async () => {} });
      } catch (err) {
        fail(err);
      }
    }

    return {
      isEligible: () => true,
      async render(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        container.innerHTML =
          '<div data-testid="paypal-stand-in" style="display:grid;gap:8px">' +
          '<button type="button" data-action="pay" style="background:#ffc439;border-radius:6px;padding:10px;font-weight:600">PayPal</button>' +
          '<button type="button" data-action="cancel" style="border:1px solid #ccc;border-radius:6px;padding:8px">Cancel PayPal payment</button>' +
          '</div>';
        container.querySelector('[data-action="pay"]').addEventListener('click', () => void pay());
        container
          .querySelector('[data-action="cancel"]')
          .addEventListener('click', () => options.onCancel && options.onCancel({ orderID: null }));
        if (options.onInit) options.onInit({}, actions);
      },
      updateProps: async () => {},
      close: async () => {
        if (container) container.innerHTML = '';
      },
    };
  }

  window.paypal = { version: '5.0.0-stand-in', Buttons, FUNDING: { PAYPAL: 'paypal', CARD: 'card', VENMO: 'venmo' } };
})();
