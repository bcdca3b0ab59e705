import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import type { Product, ProductInput } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { LinkButton } from '@/components/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { isHandledGlobally } from '@/lib/query-client';
import { useProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { productFormSchema, productToForm, serverFieldErrors, toProductBody, type ProductFormValues } from '../lib/product-form';
import { ProductFormView } from './product-form';
import { StockAdjustmentCard } from './stock-adjustment-card';

const shelf = (p: Product) => (p.stockQuantity == null ? '' : String(p.stockQuantity));

/** The create form, prefilled; its stock quantity is the quantity on the shelf now. */
function ProductEditForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productToForm(product),
  });
  // A stock adjustment (or a refetch) changed the figure: show it, unless the user is typing a new one.
  const { resetField, getFieldState } = form;
  React.useEffect(() => {
    if (!getFieldState('stockQuantity').isDirty) resetField('stockQuantity', { defaultValue: shelf(product) });
  }, [product, resetField, getFieldState]);

  const goToList = () => void navigate(paths.products.getHref());
  const update = useUpdateProduct({
    onSuccess: () => {
      toast({ title: 'Product updated successfully' });
      goToList();
    },
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      for (const issue of serverFieldErrors(error)) form.setError(issue.name, { message: issue.message }, { shouldFocus: true });
      toast({ variant: 'destructive', title: 'Failed to update product' });
    },
  });

  return (
    <ProductFormView
      form={form}
      mode="edit"
      onSubmit={(values) => update.mutate({ id: product.id, body: toProductBody(values, product) })}
      onCancel={goToList}
      pending={update.isPending}
    />
  );
}

/** Edit Product (/products/{id}/edit). */
export function ProductEditPage() {
  const { id = '' } = useParams();
  const { data: product, isPending, isError, error } = useProduct(id);
  const notFound = isError && error instanceof ApiError && (error.status === 404 || error.status === 400);

  return (
    <>
      <PageHeader
        title="Edit Product"
        description={product ? `Update ${product.name}` : 'Update this product'}
        actions={
          <LinkButton to={paths.products.getHref()} variant="outline" icon={ArrowLeft}>
            Back to Products
          </LinkButton>
        }
      />
      <PageBody>
        {isError ? (
          <p role="alert" className="rounded-lg border border-dashed p-6 text-center font-medium">
            {notFound ? 'Product not found' : 'Failed to load product'}
          </p>
        ) : isPending ? (
          <div className="max-w-3xl space-y-4" role="status" aria-label="Loading product">
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,48rem)_20rem]">
            <ProductEditForm key={product.id} product={product} />
            {product.trackInventory && <StockAdjustmentCard product={product} />}
          </div>
        )}
      </PageBody>
    </>
  );
}
