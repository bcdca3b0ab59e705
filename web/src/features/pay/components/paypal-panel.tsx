import * as React from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { PaymentMessages } from '@billpoint/proto';
import { Spinner } from '@/components/ui/spinner';
import { getPaypalSetup } from '../api/pay-api';
import { notify } from '../lib/notices';
import type { PayContext } from '../lib/pay-context';
import { paypalFlow } from '../lib/paypal-flow';

type Setup = { clientId: string; clientToken: string | null };

/** GET /api/paypal/setup; the invoice's client id stands in if the setup call fails. */
function usePaypalSetup(fallbackClientId: string | null): Setup | null | 'unavailable' {
  const [setup, setSetup] = React.useState<Setup | null | 'unavailable'>(null);
  React.useEffect(() => {
    let live = true;
    const fallback = () => setSetup(fallbackClientId ? { clientId: fallbackClientId, clientToken: null } : 'unavailable');
    getPaypalSetup().then(
      (s) => live && (s.clientId ? setSetup({ clientId: s.clientId, clientToken: s.clientToken }) : fallback()),
      () => live && fallback(),
    );
    return () => {
      live = false;
    };
  }, [fallbackClientId]);
  return setup;
}

function Unavailable() {
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="font-medium">{PaymentMessages.paypalFailedTitle}</p>
      <p className="text-muted-foreground">{PaymentMessages.paypalFailed}</p>
    </div>
  );
}

/** PayPal's Smart Buttons (JS SDK from www.paypal.com), loaded only when the PayPal tab is opened. */
export default function PaypalPanel(ctx: PayContext) {
  const setup = usePaypalSetup(ctx.invoice.payment.paypalClientId);
  if (setup === 'unavailable') return <Unavailable />;
  if (!setup) return <Spinner label="Loading PayPal" showLabel className="py-10" />;
  const { payment, currency } = ctx.invoice;
  return (
    <PayPalScriptProvider
      options={{
        clientId: setup.clientId,
        currency,
        intent: 'capture',
        components: 'buttons',
        // The Card tab takes cards when Stripe is set up; Venmo is not offered (nor allowed by the page's CSP).
        disableFunding: payment.card ? ['card', 'venmo'] : ['venmo'],
        ...(setup.clientToken ? { dataClientToken: setup.clientToken } : {}),
      }}
    >
      <PaypalButtonsArea ctx={ctx} />
    </PayPalScriptProvider>
  );
}

function PaypalButtonsArea({ ctx }: { ctx: PayContext }) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const latest = React.useRef(ctx);
  latest.current = ctx;
  const [flow] = React.useState(() => paypalFlow(() => latest.current));
  if (isRejected) return <Unavailable />;
  return (
    <div className="space-y-3">
      {isPending && <Spinner label="Loading PayPal" showLabel className="py-6" />}
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        disabled={!ctx.amount}
        forceReRender={[ctx.invoice.currency]}
        createOrder={() => flow.createOrder()}
        onApprove={(data) => flow.approve(data.orderID)}
        onCancel={() => notify.cancelled()}
        onError={() => notify.paypalFailed()}
      />
      {!ctx.amount && <p className="text-center text-sm text-muted-foreground">Enter a valid amount to pay with PayPal.</p>}
    </div>
  );
}
