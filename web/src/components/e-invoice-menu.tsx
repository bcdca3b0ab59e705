import { ChevronDown, FileCode } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { E_INVOICE_FORMATS, useDownloadEInvoice, type EInvoiceDocument } from '@/lib/e-invoices';
import { isHandledGlobally } from '@/lib/query-client';

/**
 * "Download e-invoice": the EN 16931 formats of an invoice or a credit note (UBL, CII, XRechnung, Factur-X). When the
 * organization settings, the customer or a tax rate lack what a format needs, the toast lists each missing field.
 */
export function EInvoiceMenu({
  target,
  disabled,
  compactLabel,
}: {
  target: EInvoiceDocument;
  disabled?: boolean;
  /** An icon button named this (a row of a list) instead of the labelled button. */
  compactLabel?: string;
}) {
  const download = useDownloadEInvoice(target, {
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      const body = error instanceof ApiError ? error.body : undefined;
      const missing = (body?.issues ?? []).map((i) => i.message);
      toast({
        variant: 'destructive',
        title: 'The e-invoice cannot be made',
        description: missing.length ? `Missing: ${missing.join('; ')}.` : 'Failed to download the e-invoice. Please try again.',
      });
    },
  });
  return (
    // Not modal: the page behind stays in the accessibility tree (a modal menu hides it with aria-hidden, focusable parts included).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        {compactLabel ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={compactLabel}
            disabled={disabled || download.isPending}
            onClick={(e) => e.stopPropagation()}
          >
            <FileCode aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" disabled={disabled || download.isPending}>
            <FileCode aria-hidden="true" />
            {download.isPending ? 'Preparing...' : 'Download e-invoice'}
            <ChevronDown aria-hidden="true" />
          </Button>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {E_INVOICE_FORMATS.map(([format, label]) => (
          <DropdownMenuItem key={format} onSelect={() => download.mutate(format)}>
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
