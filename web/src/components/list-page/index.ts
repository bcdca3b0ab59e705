export { ListBody, ListFilterBar, ListPage, ListTotal, type EmptyText, type ListState } from './list-page';
export { ListCards } from './list-cards';
export { ListTable, type Column } from './list-table';
export { useIsPhone } from './use-phone';
export { SummaryGrid, countOrDash } from './summary-grid';
