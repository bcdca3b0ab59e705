import { excludedCurrenciesNote } from '@billpoint/proto';

/**
 * Under totals in the base currency: the currencies left out of them for want of an exchange rate, by name, so that
 * a total never reads as complete when it is not.
 */
export function ExcludedCurrencies({ currencies, testId }: { currencies: readonly string[] | undefined; testId: string }) {
  const note = excludedCurrenciesNote(currencies);
  if (!note) return null;
  return (
    <p role="status" className="text-sm font-medium text-destructive" data-testid={testId}>
      {note}
    </p>
  );
}
