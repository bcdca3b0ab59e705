import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { CurrencyCode, ExchangeRatePutBody, IsoDate, type ExchangeRate } from '@billpoint/proto';
import { fieldIssues, TextField } from '@/components/form-fields';
import { localNumbers, numberForInput } from '@/lib/number-input';
import { IconAction } from '@/components/icon-action';
import { ListTable, type Column } from '@/components/list-page';
import { ListLoadFailed } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useKnownPermission } from '@/lib/auth';
import { SOURCE_LABELS, shortRate, useExchangeRates, useSetExchangeRate } from '@/lib/exchange-rates';
import { formatLongDate, toIsoDate } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';
import { MANAGERS_ONLY } from './settings-card';

/** The manual rate form: PUT /api/exchange-rates/{currency} with its body, as typed. */
const RateForm = localNumbers(ExchangeRatePutBody.extend({ currency: CurrencyCode, date: IsoDate('Date is required') }), {
  rate: { label: 'Rate' },
});
type RateFormInput = { currency: string; rate: string; date: string };
const FIELDS = ['currency', 'rate', 'date'] as const;

type Row = ExchangeRate & { id: string };

function columns(base: string, manage: boolean, onEdit: (r: Row) => void): Column<Row>[] {
  return [
    { header: 'Currency', cell: (r) => <span className="font-medium">{r.currency}</span>, stack: 'primary', testId: 'rate-currency' },
    {
      header: `Rate (${base})`,
      cell: (r) => <span className="tabular-nums">{shortRate(r.rate)}</span>,
      align: 'right',
      testId: 'rate-value',
    },
    { header: 'Set for', cell: (r) => formatLongDate(r.date) },
    {
      header: 'Source',
      cell: (r) => <Badge variant={r.source === 'manual' ? 'default' : 'secondary'}>{SOURCE_LABELS[r.source]}</Badge>,
      testId: 'rate-source',
    },
    ...(manage
      ? [
          {
            header: 'Actions',
            hideHeader: true,
            stack: 'actions' as const,
            cell: (r: Row) => <IconAction icon={Pencil} label={`Edit rate of ${r.currency}`} onClick={() => onEdit(r)} />,
          },
        ]
      : []),
  ];
}

function SetRateCard({ base, form }: { base: string; form: ReturnType<typeof useForm<RateFormInput, unknown, RateFormInput>> }) {
  const save = useSetExchangeRate({
    onSuccess: (r) => {
      toast({ title: 'Exchange rate saved', description: `1 ${r.currency} = ${shortRate(r.rate)} ${base} from ${formatLongDate(r.date)}` });
      form.reset({ currency: '', rate: '', date: form.getValues('date') });
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      const body = error instanceof ApiError ? error.body : undefined;
      for (const issue of fieldIssues(body, FIELDS)) form.setError(issue.name, { message: issue.message });
      toast({ variant: 'destructive', title: 'Failed to save the exchange rate', description: body?.message });
    },
  });
  const submit = form.handleSubmit((v) => save.mutate({ currency: v.currency, rate: v.rate, date: v.date }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Set a rate</CardTitle>
        <CardDescription>A rate you set is kept: the daily reference rates never replace it.</CardDescription>
      </CardHeader>
      <Form {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <TextField control={form.control} name="currency" label="Currency" placeholder="EUR" autoComplete="off" />
            <TextField
              control={form.control}
              name="rate"
              label={`Rate (${base} per unit)`}
              inputMode="decimal"
              placeholder={numberForInput('1.0850')}
            />
            <TextField control={form.control} name="date" label="From" type="date" />
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save rate'}
            </Button>
          </CardFooter>
        </form>
      </Form>
    </Card>
  );
}

/** Settings → Exchange rates: the rates in force on a day, their source, and a manual rate. */
export function ExchangeRatesSection() {
  const [day, setDay] = React.useState(() => toIsoDate(new Date()));
  const rates = useExchangeRates(day);
  const manage = useKnownPermission('exchange-rates.manage');
  const form = useForm<RateFormInput, unknown, RateFormInput>({
    resolver: zodResolver(RateForm) as never,
    defaultValues: { currency: '', rate: '', date: day },
  });
  const base = rates.data?.base ?? '';
  const rows: Row[] = (rates.data?.rates ?? []).map((r) => ({ ...r, id: r.currency }));
  const edit = (r: Row) => {
    form.reset({ currency: r.currency, rate: numberForInput(shortRate(r.rate)), date: day });
    form.setFocus('rate');
  };
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Rates in force</CardTitle>
          <CardDescription data-testid="base-currency">
            {base
              ? `Base currency: ${base}, your organization's default currency. A rate is how many ${base} one unit of the currency is worth; reference rates come from the European Central Bank each working day.`
              : 'Your base currency is your organization’s default currency.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid max-w-xs gap-2">
            <Label htmlFor="rates-day">Rates in force on</Label>
            <Input id="rates-day" type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
          </div>
          {rates.isError ? (
            <ListLoadFailed what="exchange rates" onRetry={() => void rates.refetch()} />
          ) : !rates.isPending && rows.length === 0 ? (
            <p className="rounded-md border p-4 text-sm text-muted-foreground" data-testid="rates-empty">
              No exchange rates in force on {formatLongDate(day)} yet.
            </p>
          ) : (
            <ListTable
              label="Exchange rates"
              columns={columns(base, manage, edit)}
              rows={rows}
              testId="rate-row"
              list={rates}
              skeletonRows={3}
              frame="outline"
            />
          )}
          {!manage && <p className="text-sm text-muted-foreground">{MANAGERS_ONLY}</p>}
        </CardContent>
      </Card>
      {manage && base && <SetRateCard base={base} form={form} />}
    </>
  );
}
