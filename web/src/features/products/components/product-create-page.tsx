import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { ProductMessages, type ProductInput } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { isHandledGlobally } from '@/lib/query-client';
import { useCreateProduct } from '../api/create-product';
import { productFormDefaults, productFormSchema, serverFieldErrors, toProductBody, type ProductFormValues } from '../lib/product-form';
import { ProductFormView } from './product-form';

/** Add New Product, at /products/create and at /products/new (the list's empty-state link): one screen. */
export function ProductCreatePage() {
  const navigate = useNavigate();
  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormDefaults(),
  });
  const goToList = () => void navigate(paths.products.getHref());
  const creation = useCreateProduct({
    onSuccess: () => {
      toast({ title: ProductMessages.created });
      goToList();
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of serverFieldErrors(error)) form.setError(issue.name, { message: issue.message }, { shouldFocus: true });
      toast({ variant: 'destructive', title: ProductMessages.createFailed });
    },
  });

  return (
    <>
      <PageHeader title="Add New Product" description="Add a product or service to your catalog" />
      <PageBody>
        <ProductFormView
          form={form}
          mode="create"
          onSubmit={(values) => creation.mutate(toProductBody(values))}
          onCancel={goToList}
          pending={creation.isPending}
        />
      </PageBody>
    </>
  );
}
