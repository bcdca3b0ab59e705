import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { BackToCustomers } from './back-to-customers';

/** The customer could not be loaded. */
export function CustomerLoadFailed({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} description="Customer details" />
      <PageBody>
        <div role="alert" className="flex flex-col items-center gap-4 rounded-lg border border-dashed py-16 text-center">
          <p className="text-lg font-semibold">Failed to load customer details</p>
          <BackToCustomers />
        </div>
      </PageBody>
    </>
  );
}
