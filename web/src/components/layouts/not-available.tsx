import { Construction } from 'lucide-react';
import { PageBody, PageHeader } from './page-header';

/** A screen whose feature has not been built yet: its header and one honest line, nothing that pretends to work. */
export function NotAvailable({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <PageBody>
        <p className="flex items-center gap-2 rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          <Construction className="size-4 shrink-0" aria-hidden="true" />
          This area is not available yet.
        </p>
      </PageBody>
    </>
  );
}
