import { ConfirmDialog } from '@/components/confirm-dialog';
import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus, Receipt } from 'lucide-react';
import { ExpenseMessages, type Expense } from '@billpoint/proto';
import { ListBody, ListPage, ListTotal } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { expenseCategoriesQueryOptions } from '@/lib/expense-categories';
import { formatMoney } from '@/lib/format';
import { organizationSettingsQueryOptions } from '@/lib/organization-settings';
import { isHandledGlobally } from '@/lib/query-client';
import { useDeleteExpense, useExpenseSummary, useExpenses } from '../api/expenses';
import { useExpenseFilters } from '../lib/use-expense-filters';
import { ExpenseDialog } from './expense-dialog';
import { ExpenseFilterBar } from './expense-filter-bar';
import { ExpenseList } from './expense-list';
import { SummaryCards } from './summary-cards';

/**
 * The expense manager: four cards, Recent Expenses with its filters (in the address; the cards follow
 * them), and the Add/Edit Expense dialog with the AI suggestion.
 */
export function ExpensesPage() {
  const filters = useExpenseFilters();
  const summary = useExpenseSummary(filters.query);
  const list = useExpenses(filters.query);
  const categories = useQuery(expenseCategoriesQueryOptions());
  const settings = useQuery(organizationSettingsQueryOptions());
  const currency = settings.data?.defaultCurrency;

  const [editing, setEditing] = React.useState<{ open: boolean; expense: Expense | null }>({ open: false, expense: null });
  const [deleting, setDeleting] = React.useState<Expense | null>(null);
  const remove = useDeleteExpense({
    onSuccess: () => toast({ title: 'Success', description: 'Expense deleted successfully' }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete expense' });
    },
  });

  return (
    <>
      <ListPage
        title="Expense Manager"
        description="Track expenses with AI-powered smart categorization"
        actions={
          <Button onClick={() => setEditing({ open: true, expense: null })}>
            <Plus aria-hidden="true" />
            Add Expense
          </Button>
        }
        cards={<SummaryCards summary={summary.data} loading={summary.isPending} currency={currency} filtered={filters.filtered} />}
      >
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>Recent Expenses</CardTitle>
            <ListTotal list={list} shown={list.expenses.length} noun={['expense', 'expenses']} testId="expenses-total" />
          </CardHeader>
          <CardContent className="space-y-4">
            <ExpenseFilterBar
              filters={filters.filters}
              filtered={filters.filtered}
              rangeError={filters.rangeError}
              categories={categories.data ?? []}
              onChange={filters.update}
              onClear={filters.clear}
            />
            <ListBody
              list={list}
              shown={list.expenses.length}
              what="expenses"
              filtered={filters.filtered}
              empty={{ icon: Receipt, title: ExpenseMessages.empty, description: 'Add an expense to start tracking where the money goes.' }}
              noMatch={{
                icon: Receipt,
                title: ExpenseMessages.empty,
                description: 'No expense matches these filters. Try others, or clear the filters to see every expense.',
              }}
            >
              <ExpenseList
                expenses={list.expenses}
                loading={list.isPending}
                busy={remove.isPending}
                onEdit={(expense) => setEditing({ open: true, expense })}
                onDelete={setDeleting}
              />
            </ListBody>
          </CardContent>
        </Card>
      </ListPage>

      <ExpenseDialog
        open={editing.open}
        expense={editing.expense}
        categories={categories.data ?? []}
        categoriesLoading={categories.isPending}
        currency={currency}
        onOpenChange={(open) => setEditing((e) => ({ ...e, open }))}
      />

      <ConfirmDialog
        item={deleting}
        title="Are you sure you want to delete this expense?"
        description={(x) => `“${x.description}” (${formatMoney(x.amount, x.currency)}) will be deleted.`}
        onCancel={() => setDeleting(null)}
        onConfirm={(x) => remove.mutate(x.id)}
      />
    </>
  );
}
