import type * as React from 'react';
import { FileX, type LucideIcon } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';

/**
 * One centred message of a public page (the pay page, a quote's page) with an icon, a heading and what to do next.
 */
export function ResultPanel({
  icon: Icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone: 'success' | 'muted' | 'destructive';
  title: string;
  children?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  const color = { success: 'text-success', muted: 'text-muted-foreground', destructive: 'text-destructive' }[tone];
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <Icon className={`size-14 ${color}`} aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children}
        {actions && <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div>}
      </CardContent>
    </Card>
  );
}

/** A public page whose token names nothing (unknown, removed, another's): the same view whatever the reason. */
export function NotFoundPanel({ title, message }: { title: string; message: string }) {
  return (
    <ResultPanel icon={FileX} tone="muted" title={title}>
      <p className="text-muted-foreground">{message}</p>
    </ResultPanel>
  );
}

/** Back to the start of the app ('/'). */
export function ContinueButton() {
  return <LinkButton to={paths.home.getHref()}>Continue</LinkButton>;
}
