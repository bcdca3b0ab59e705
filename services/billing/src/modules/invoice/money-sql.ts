/**
 * A SQL money figure as text with at least two decimals and every decimal it has: "0.00", "12.50", "1.005". A cast
 * to numeric(15,2) would round a dinar amount's third decimal away.
 */
export const moneyText = (expr: string) => `round(${expr}, greatest(scale(${expr}), 2))::text`;
