import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@billpoint/proto';
import type { z } from 'zod';
import { fieldIssues, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useAdjustStock } from '../api/adjust-stock';
import { stockAdjustmentFormSchema, type StockAdjustmentValues } from '../lib/product-form';
import { StockQuantity, StockStatusBadge } from './stock-status';

/**
 * Adjust stock (edit screen, tracked products): a signed quantity (+ goods received, − broken or lost) and a note,
 * recorded as a stock move; the figure shown is what the server answers.
 */
export function StockAdjustmentCard({ product }: { product: Product }) {
  const form = useForm<StockAdjustmentValues, unknown, z.output<typeof stockAdjustmentFormSchema>>({
    resolver: zodResolver(stockAdjustmentFormSchema),
    defaultValues: { quantity: '', note: '' },
  });
  const adjustment = useAdjustStock({
    onSuccess: (updated) => {
      toast({ title: 'Stock adjusted', description: `${updated.name}: ${updated.stockQuantity ?? 0} on hand` });
      form.reset();
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of fieldIssues(error instanceof ApiError ? error.body : undefined, ['quantity', 'note'] as const))
        form.setError(issue.name, { message: issue.message });
      toast({ variant: 'destructive', title: 'Failed to adjust stock' });
    },
  });

  return (
    <Card aria-labelledby="adjust-stock-title">
      <CardHeader>
        <CardTitle id="adjust-stock-title">Adjust Stock</CardTitle>
        <CardDescription>Record goods received (+) or removed (−).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center justify-between gap-2 text-sm" data-testid="stock-on-hand">
          <span>
            On hand: <StockQuantity product={product} />
          </span>
          <StockStatusBadge status={product.stockStatus} />
        </div>
        <Form {...form}>
          <form
            noValidate
            className="space-y-3"
            onSubmit={(event) => void form.handleSubmit((body) => adjustment.mutate({ id: product.id, body }))(event)}
          >
            <TextField
              control={form.control}
              name="quantity"
              label="Quantity (±)"
              type="number"
              inputMode="numeric"
              step={1}
              placeholder="e.g. 5 or -2"
            />
            <TextField control={form.control} name="note" label="Note" placeholder="e.g. Delivery received" />
            <Button type="submit" variant="outline" className="w-full" disabled={adjustment.isPending}>
              {adjustment.isPending ? 'Adjusting...' : 'Adjust Stock'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
