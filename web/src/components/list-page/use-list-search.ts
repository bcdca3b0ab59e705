import * as React from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** A list asks the server once typing pauses this long. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/** The search box's text (`value`, `onChange`: ListFilterBar's `search`) and the trimmed `term` the list asks for. */
export function useListSearch() {
  const [value, onChange] = React.useState('');
  const term = useDebouncedValue(value.trim(), LIST_SEARCH_DEBOUNCE_MS);
  return { value, onChange, term };
}
