import type { Control } from 'react-hook-form';
import { FlaskConical } from 'lucide-react';
import { DEMO_DECLINE_CARD, DEMO_SUCCESS_CARD, PaymentMessages } from '@billpoint/proto';
import { TextField } from '@/components/form-fields';
import { Badge } from '@/components/ui/badge';
import { groupDigits, type DemoCardValues } from '@/lib/card';

/**
 * The demo processor's card fields (no provider keys configured) with the test cards listed: the pay page's form and
 * the customer portal's pay-several dialog share them.
 */
export function DemoCardFields({ control }: { control: Control<DemoCardValues> }) {
  return (
    <>
      <div className="rounded-md border border-dashed bg-muted/50 p-3 text-sm" data-testid="demo-test-cards">
        <p className="font-medium">Test cards</p>
        <ul className="mt-1 space-y-0.5 text-muted-foreground">
          <li>
            <span className="font-mono text-foreground">{groupDigits(DEMO_SUCCESS_CARD)}</span> — payment succeeds
          </li>
          <li>
            <span className="font-mono text-foreground">{groupDigits(DEMO_DECLINE_CARD)}</span> — card is declined
          </li>
        </ul>
        <p className="mt-1 text-muted-foreground">Use any future expiry date and any 3-digit CVC.</p>
      </div>
      <TextField
        control={control}
        name="cardNumber"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          control={control}
          name="expiry"
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
        />
        <TextField control={control} name="cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
      </div>
      <TextField control={control} name="name" label="Name on card" autoComplete="cc-name" />
    </>
  );
}

/** The "Demo mode" label of a payment form running with the demo processor. */
export function DemoModeBadge() {
  return (
    <Badge
      variant="outline"
      className="gap-1 border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="demo-mode"
    >
      <FlaskConical className="size-3.5" aria-hidden="true" />
      {PaymentMessages.demoMode}
    </Badge>
  );
}
