import { Detail } from '@/components/document-lines';
import { shortRate, useExchangeRates } from '@/lib/exchange-rates';
import { formatMoney } from '@/lib/format';

/**
 * A document (quote, credit note) in another currency than the organization's base: the rate it was made
 * at and its total in the base, as the invoice view shows them; nothing in the base currency itself.
 */
export function BaseCurrencyDetails({
  currency,
  date,
  exchangeRate,
  totalInBaseCurrency,
  testId,
}: {
  currency: string;
  /** The document's date: the base currency is read with the rates of that day. */
  date: string;
  exchangeRate: string;
  totalInBaseCurrency: string;
  testId: string;
}) {
  const base = useExchangeRates(date).data?.base;
  if (!base || base === currency) return null;
  return (
    <>
      <Detail label="Exchange rate">{`1 ${currency} = ${shortRate(exchangeRate)} ${base}`}</Detail>
      <Detail label={`Total in ${base}`}>
        <span data-testid={testId}>{formatMoney(totalInBaseCurrency, base)}</span>
      </Detail>
    </>
  );
}

/** One line under a credit note's total: "Total in EUR: €50.00" when its currency is not the base. */
export function TotalInBaseLine({
  currency,
  date,
  totalInBaseCurrency,
  testId,
}: {
  currency: string;
  date: string;
  totalInBaseCurrency: string;
  testId: string;
}) {
  const base = useExchangeRates(date).data?.base;
  if (!base || base === currency) return null;
  return (
    <span className="text-xs text-muted-foreground tabular-nums" data-testid={testId}>
      {`Total in ${base}: ${formatMoney(totalInBaseCurrency, base)}`}
    </span>
  );
}
