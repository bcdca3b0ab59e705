import * as React from 'react';
import { useSearchParams } from 'react-router-dom';
import { isFiltered, NO_FILTERS, readFilters, toQuery, writeFilters, type ExpenseFilterParams } from './expense-filters';

/**
 * The expense manager's filters, kept in the address: what is set, what the API is asked for, and how to change or
 * clear them (the address is replaced, so filtering does not fill the history).
 */
export function useExpenseFilters() {
  const [params, setParams] = useSearchParams();
  const filters = React.useMemo(() => readFilters(params), [params]);
  const { query, rangeError } = React.useMemo(() => toQuery(filters, new Date()), [filters]);
  const update = React.useCallback(
    (change: Partial<ExpenseFilterParams>) =>
      setParams((current) => writeFilters(current, { ...readFilters(current), ...change }), { replace: true }),
    [setParams],
  );
  const clear = React.useCallback(() => update(NO_FILTERS), [update]);
  return { filters, query, rangeError, filtered: isFiltered(filters), update, clear };
}
