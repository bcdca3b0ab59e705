import { EmailTemplateVariables, type EmailTemplateType } from '@billpoint/proto';
import { Button } from '@/components/ui/button';

/** The variables a type may use; a click puts `{{ name }}` at the cursor of the field last edited. */
export function VariablesList({
  type,
  onInsert,
  disabled,
}: {
  type: EmailTemplateType;
  onInsert: (text: string) => void;
  disabled?: boolean;
}) {
  const variables = EmailTemplateVariables.filter((v) => (v.types as readonly string[]).includes(type));
  return (
    <section aria-labelledby="email-template-variables" className="space-y-2">
      <h3 id="email-template-variables" className="text-sm font-medium">
        Variables
      </h3>
      <p className="text-muted-foreground text-xs">Click a variable to insert it where your cursor is.</p>
      <ul className="flex flex-wrap gap-2">
        {variables.map((v) => (
          <li key={v.name}>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-auto max-w-full flex-col items-start gap-0 py-1 text-left whitespace-normal"
              disabled={disabled}
              onClick={() => onInsert(`{{ ${v.name} }}`)}
              aria-label={`Insert ${v.name}: ${v.description}`}
            >
              <code className="text-xs">{`{{ ${v.name} }}`}</code>
              <span className="text-muted-foreground text-[11px] font-normal">{v.description}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
