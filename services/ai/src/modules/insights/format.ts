/**
 * How the insight texts write money, dates and percentages: in the organization's locale (its language, e.g. "en":
 * "$1,748.00", "Dec 25, 2026", "33.3%"; "de": "1.748,00 $", "25.12.2026", "33,3 %"). Amounts are formatted from their
 * exact decimal text (Intl formats numeric strings exactly), never through a float.
 */
import { currencyDecimals, fromMills } from '@billpoint/proto';

export interface Formats {
  /** The locale the texts are written in. */
  locale: string;
  /** Mills (thousandths) in a currency: "$1,748.00", "KWD 1.005". */
  money(mills: bigint, currency: string): string;
  /** A calendar date (YYYY-MM-DD): "Dec 25, 2026". */
  date(day: string): string;
  /** A percentage (12.5 is 12.5 %), up to one decimal: "12.5%". */
  percent(value: number): string;
}

const supported = (locale: string) => {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
  } catch {
    return 'en';
  }
};

export function formatsFor(language: string | null | undefined): Formats {
  const locale = supported(language || 'en');
  const moneys = new Map<string, Intl.NumberFormat | null>();
  const moneyFormat = (currency: string) => {
    if (!moneys.has(currency)) {
      try {
        moneys.set(
          currency,
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            minimumFractionDigits: Math.max(2, currencyDecimals(currency)),
            maximumFractionDigits: Math.max(2, currencyDecimals(currency)),
          }),
        );
      } catch {
        moneys.set(currency, null); // not an ISO 4217 code Intl knows: the figure, then the code
      }
    }
    return moneys.get(currency)!;
  };
  const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const percents = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return {
    locale,
    money(mills, currency) {
      const text = fromMills(mills) as Intl.StringNumericLiteral;
      const f = moneyFormat(currency);
      return f ? f.format(text) : `${plain.format(text)} ${currency}`;
    },
    date: (day) => dates.format(Date.parse(`${day}T00:00:00Z`)),
    percent: (value) => percents.format(value / 100),
  };
}
