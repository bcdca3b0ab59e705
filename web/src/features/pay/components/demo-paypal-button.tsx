import * as React from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '../lib/notices';
import type { PayContext } from '../lib/pay-context';
import { paypalFlow } from '../lib/paypal-flow';

/** PayPal in demo mode (no PayPal keys): the same order → capture → confirm calls, without PayPal's script or window. */
export function DemoPaypalButton(ctx: PayContext) {
  const latest = React.useRef(ctx);
  latest.current = ctx;
  const [flow] = React.useState(() => paypalFlow(() => latest.current));
  const [busy, setBusy] = React.useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      await flow.approve(await flow.createOrder());
    } catch {
      notify.paypalFailed();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">In demo mode no PayPal window opens: the order is approved at once.</p>
      <Button size="lg" className="w-full" disabled={!ctx.amount || busy} onClick={() => void pay()}>
        {busy ? 'Processing...' : 'Pay with PayPal (demo)'}
      </Button>
    </div>
  );
}
