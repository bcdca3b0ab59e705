import { Sparkles, X } from 'lucide-react';
import { confidenceBand, MIN_ALTERNATIVE_CONFIDENCE, type CategorizeResult } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { BAND_STYLE, percent } from '@/components/confidence-badge';
import { cn } from '@/lib/utils';

/**
 * The AI suggestion: the suggested category, its confidence with the band (0.8 or more High in green,
 * 0.6 or more Medium in yellow, below Low in red), the reasoning (sentences) and the alternatives of 5 % or more with their percents. Choosing an
 * alternative puts it in the category field (a correction the model learns from).
 */
export function AiSuggestionPanel({
  result,
  onChoose,
  onClose,
}: {
  result: CategorizeResult;
  onChoose: (categoryId: number) => void;
  onClose: () => void;
}) {
  const { suggested } = result;
  // Never a list of 0 % choices (the service already leaves them out; an older answer may still carry them).
  const alternatives = result.alternatives.filter((a) => a.confidence >= MIN_ALTERNATIVE_CONFIDENCE);
  const band = confidenceBand(suggested.confidence);
  return (
    <section
      aria-label="AI Suggestion"
      className="rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm"
      data-testid="ai-suggestion"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          AI Suggestion
        </h3>
        <Button type="button" variant="ghost" size="icon" className="-mt-1 -mr-1 size-7" aria-label="Close suggestion" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <span className="font-medium" data-testid="ai-suggested-category">
          {suggested.categoryName}
        </span>
        <span
          className={cn('rounded-md px-2 py-0.5 text-xs font-medium', BAND_STYLE[band])}
          data-testid="ai-confidence"
          data-band={band.toLowerCase()}
        >
          {percent(suggested.confidence)} · {band} confidence
        </span>
      </div>
      <p className="mt-2 text-muted-foreground" data-testid="ai-reasoning">
        {suggested.reasoning}
      </p>
      {alternatives.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-medium text-muted-foreground">Alternative suggestions</p>
          <ul className="mt-1 flex flex-wrap gap-2" aria-label="Alternative suggestions">
            {alternatives.map((a) => (
              <li key={a.categoryId}>
                <Button type="button" variant="outline" size="sm" className="h-7" onClick={() => onChoose(a.categoryId)}>
                  <span className="sr-only">Use </span>
                  {a.categoryName} <span className="text-muted-foreground">{percent(a.confidence)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
