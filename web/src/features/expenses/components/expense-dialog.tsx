import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip, Sparkles } from 'lucide-react';
import { ExpenseMessages, MAX_RECEIPT_BYTES, type CategorizeResult, type Expense, type ExpenseCategory } from '@billpoint/proto';
import { DateField } from '@/components/date-field';
import { TextField, fieldIssues } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { uploadReceipt, useCategorize, useSaveExpense } from '../api/expenses';
import {
  EXPENSE_FIELDS,
  categorizeRequest,
  emptyExpenseForm,
  expenseBody,
  expenseFormSchema,
  expenseToForm,
  suggestionOf,
  type ExpenseFormInput,
  type ExpenseFormOutput,
} from '../lib/expense-form';
import { AiSuggestionPanel } from './ai-suggestion-panel';
import { CategoryField } from './category-field';

/** The server's own words for a failure (the body's message), else the error's text. */
const serverMessage = (error: Error) => (error instanceof ApiError ? (error.body?.message ?? error.statusText) : error.message);

/**
 * Add New Expense / Edit Expense: the fields, a receipt uploaded as soon as it is chosen, and Get AI
 * Suggestion, whose answer opens the panel and fills the category. The suggestion and its confidence are sent with the
 * expense so that accepting or correcting it trains the model. On success the dialog and the panel close and the form
 * resets.
 */
export function ExpenseDialog({
  open,
  expense,
  categories,
  categoriesLoading,
  currency,
  onOpenChange,
}: {
  open: boolean;
  expense: Expense | null;
  categories: readonly ExpenseCategory[];
  categoriesLoading: boolean;
  /** The organization's default currency: new expenses are in it. */
  currency: string | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ExpenseFormInput, unknown, ExpenseFormOutput>({
    resolver: zodResolver(expenseFormSchema),
    defaultValues: emptyExpenseForm(),
  });
  const [suggestion, setSuggestion] = React.useState<CategorizeResult | null>(null);
  const [receiptName, setReceiptName] = React.useState<string | null>(null);
  const [uploading, setUploading] = React.useState(false);
  const fileInput = React.useRef<HTMLInputElement>(null);

  const reset = React.useCallback(() => {
    form.reset(expense ? expenseToForm(expense) : emptyExpenseForm());
    setSuggestion(null);
    setReceiptName(null);
    if (fileInput.current) fileInput.current.value = '';
  }, [expense, form]);
  React.useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  // Offered: the active categories, and the expense's own even when it has been archived since.
  const choices = categories.filter((c) => c.isActive || String(c.id) === form.watch('categoryId'));

  const categorize = useCategorize({
    onSuccess: (result) => {
      setSuggestion(result);
      form.setValue('categoryId', String(result.suggested.categoryId), { shouldDirty: true, shouldValidate: true });
    },
    onError: (error) => {
      if (!isHandledGlobally(error))
        toast({ variant: 'destructive', title: ExpenseMessages.aiFailedTitle, description: ExpenseMessages.aiFailed });
    },
  });
  const askAi = () => {
    const request = categorizeRequest(form.getValues());
    if (!request) {
      toast({ variant: 'destructive', title: ExpenseMessages.missingInfoTitle, description: ExpenseMessages.missingInfo });
      return;
    }
    categorize.mutate(request);
  };

  const save = useSaveExpense({
    onSuccess: () => {
      toast({ title: 'Success', description: expense ? 'Expense updated successfully' : ExpenseMessages.created });
      onOpenChange(false);
      form.reset(emptyExpenseForm());
      setSuggestion(null);
      setReceiptName(null);
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of fieldIssues(error instanceof ApiError ? error.body : undefined, EXPENSE_FIELDS))
        form.setError(issue.name, { message: issue.message });
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) });
    },
  });
  const submit = form.handleSubmit((values) =>
    save.mutate({ id: expense?.id, body: expenseBody(values, { existing: expense, suggestion: suggestionOf(suggestion), currency }) }),
  );

  const chooseReceipt = async (file: File | undefined) => {
    form.clearErrors('receipt');
    if (!file) return;
    if (file.size > MAX_RECEIPT_BYTES) {
      form.setError('receipt', { message: 'The receipt must be at most 10 MB' });
      return;
    }
    setUploading(true);
    try {
      const { receipt } = await uploadReceipt(file);
      form.setValue('receipt', receipt, { shouldDirty: true });
      setReceiptName(file.name);
    } catch (error) {
      if (fileInput.current) fileInput.current.value = '';
      if (!isHandledGlobally(error)) form.setError('receipt', { message: serverMessage(error as Error) });
    } finally {
      setUploading(false);
    }
  };

  const busy = save.isPending || uploading;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{expense ? 'Edit Expense' : 'Add New Expense'}</DialogTitle>
          <DialogDescription>Record what was spent; the AI can suggest its category.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            <TextField control={form.control} name="description" label="Description" placeholder="What was it for?" />
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="amount" label="Amount" inputMode="decimal" autoComplete="off" />
              <TextField control={form.control} name="vendor" label="Vendor (optional)" />
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <DateField control={form.control} name="date" label="Date" />
              <CategoryField control={form.control} categories={choices} loading={categoriesLoading} />
            </div>
            <div>
              <Button type="button" variant="outline" disabled={categorize.isPending} onClick={askAi}>
                <Sparkles aria-hidden="true" />
                {categorize.isPending ? 'Thinking...' : 'Get AI Suggestion'}
              </Button>
            </div>
            {suggestion && (
              <AiSuggestionPanel
                result={suggestion}
                onChoose={(id) => form.setValue('categoryId', String(id), { shouldDirty: true })}
                onClose={() => setSuggestion(null)}
              />
            )}
            <TextField control={form.control} name="notes" label="Notes (optional)" multiline />
            <FormField
              control={form.control}
              name="receipt"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Receipt (optional)</FormLabel>
                  <FormControl>
                    <Input
                      ref={(el) => {
                        fileInput.current = el;
                        field.ref(el);
                      }}
                      type="file"
                      accept="image/png,image/jpeg,image/webp,image/gif,application/pdf"
                      disabled={uploading}
                      onBlur={field.onBlur}
                      onChange={(event) => void chooseReceipt(event.target.files?.[0])}
                    />
                  </FormControl>
                  {(uploading || field.value) && (
                    <p className="flex items-center gap-1 text-xs text-muted-foreground" role="status">
                      <Paperclip className="size-3" aria-hidden="true" />
                      {uploading ? 'Uploading receipt...' : `Attached: ${receiptName ?? 'receipt'}`}
                      {!uploading && (
                        <Button
                          type="button"
                          variant="link"
                          className="h-auto p-0 text-xs"
                          onClick={() => {
                            field.onChange('');
                            setReceiptName(null);
                            if (fileInput.current) fileInput.current.value = '';
                          }}
                        >
                          Remove
                        </Button>
                      )}
                    </p>
                  )}
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {save.isPending ? 'Saving...' : expense ? 'Update Expense' : 'Create Expense'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
