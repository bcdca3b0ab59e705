import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { z } from 'zod';
import { PortalStatementQuery } from '@billpoint/proto';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { toIsoDate } from '@/lib/format';
import { downloads, invoicesQueryOptions } from '../api/portal-api';

type Values = z.input<typeof PortalStatementQuery>;

/** Starts a download of `href` (the portal cookie goes with it) without leaving the page. */
function download(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** `/portal/{slug}/statement`: a PDF statement of account for a period (this year by default), one currency or all. */
export function PortalStatementPage() {
  const today = new Date();
  // The currencies the customer was invoiced in (the invoice list's totals).
  const currencies = useQuery(invoicesQueryOptions('all', '')).data?.totals.map((t) => t.currency) ?? [];
  const form = useForm<Values>({
    resolver: zodResolver(PortalStatementQuery),
    defaultValues: { from: `${today.getFullYear()}-01-01`, to: toIsoDate(today), currency: undefined },
  });
  const submit = form.handleSubmit((v) => download(downloads.statement(v.from, v.to, v.currency || undefined)));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Statement</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Your invoices, payments and credits over a period, with opening and closing balances.
        </p>
      </div>
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle className="text-lg">Statement of account</CardTitle>
          <CardDescription>Choose the period and, if you are invoiced in several currencies, one of them.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <TextField control={form.control} name="from" label="From" type="date" />
                <TextField control={form.control} name="to" label="To" type="date" />
              </div>
              <FormField
                control={form.control}
                name="currency"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Currency</FormLabel>
                    <FormControl>
                      <select
                        className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        value={field.value ?? ''}
                        onChange={(e) => field.onChange(e.target.value || undefined)}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                      >
                        <option value="">All currencies</option>
                        {currencies.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit">
                <Download aria-hidden="true" />
                Download statement
              </Button>
            </form>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
