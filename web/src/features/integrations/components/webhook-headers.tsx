import { useFieldArray, type Control } from 'react-hook-form';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormListMessage, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { MAX_WEBHOOK_HEADERS, type WebhookFormInput, type WebhookFormOutput } from '../lib/webhook-form';

type Props = { control: Control<WebhookFormInput, unknown, WebhookFormOutput> };
const GRID = 'grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2.25rem] items-start gap-2';

/**
 * Custom headers of an endpoint (sent with every delivery): rows of name and value with add and remove buttons, each
 * checked by the server's own rules (lib/webhook-form.ts); a row left blank is left out.
 */
export function WebhookHeaders({ control }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'headers' });
  const full = fields.length >= MAX_WEBHOOK_HEADERS;
  return (
    <fieldset className="grid gap-2" aria-describedby="webhook-headers-help">
      <legend className="mb-1 text-sm font-medium">Custom headers</legend>
      <p id="webhook-headers-help" className="text-sm text-muted-foreground">
        Sent with every delivery, e.g. your receiver’s own Authorization header. Billpoint sets the webhook-* signature headers itself.
      </p>
      {fields.length > 0 && (
        <div className={`${GRID} text-sm font-medium text-muted-foreground`} aria-hidden="true">
          <span>Name</span>
          <span>Value</span>
          <span />
        </div>
      )}
      <ul className="grid gap-2" aria-label="Custom headers">
        {fields.map((row, index) => (
          <li key={row.id} className={GRID} data-testid="webhook-header-row">
            <FormField
              control={control}
              name={`headers.${index}.name`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="sr-only">{`Header ${index + 1} name`}</FormLabel>
                  <FormControl>
                    <Input {...field} placeholder="X-Api-Key" autoComplete="off" spellCheck={false} className="font-mono" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={control}
              name={`headers.${index}.value`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="sr-only">{`Header ${index + 1} value`}</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="off" spellCheck={false} className="font-mono" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove header ${index + 1}`} onClick={() => remove(index)}>
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <FormField
        control={control}
        name="headers"
        render={() => (
          <FormItem>
            <FormListMessage />
          </FormItem>
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => append({ name: '', value: '' })}>
          <Plus aria-hidden="true" />
          Add header
        </Button>
        {full && <span className="text-sm text-muted-foreground">{`At most ${MAX_WEBHOOK_HEADERS} headers`}</span>}
      </div>
    </fieldset>
  );
}
