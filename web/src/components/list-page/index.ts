export { FilterSelect } from './filter-select';
export { ListBody, ListFilterBar, ListPage, ListTotal, type EmptyText, type ListState } from './list-page';
export { ListCards } from './list-cards';
export { ListTable, type Column } from './list-table';
export { SummaryGrid, countOrDash } from './summary-grid';
export { useIsPhone } from './use-phone';
export { LIST_SEARCH_DEBOUNCE_MS, useListSearch } from './use-list-search';
