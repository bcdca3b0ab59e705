import * as React from 'react';
import { ArrowLeft, Package, Plus } from 'lucide-react';
import { ProductMessages, type Product } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { EmptyState, ListCount, ListLoadFailed, LoadMore } from '@/components/list-parts';
import { LinkButton } from '@/components/link-button';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/hooks/use-toast';
import { isHandledGlobally } from '@/lib/query-client';
import { useDeleteProduct } from '../api/delete-product';
import { useProductSummary } from '../api/get-product-summary';
import { useProducts } from '../api/get-products';
import { DeleteProductDialog } from './delete-product-dialog';
import { ProductsTable } from './products-table';
import { SummaryCards } from './summary-cards';

export const SEARCH_DEBOUNCE_MS = 300;

/** The products list (areas §2): back to the dashboard, five cards, one search box, the table, Add Product. */
export function ProductsPage() {
  const [search, setSearch] = React.useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const summary = useProductSummary();
  const { products, total, isPending, isError, isFetching, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useProducts(term);

  const deletion = useDeleteProduct({
    onSuccess: () => toast({ title: ProductMessages.deleted }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: ProductMessages.deleteFailed });
    },
  });
  const [confirming, setConfirming] = React.useState<Product | null>(null);

  return (
    <>
      <PageHeader
        title="Products"
        description="Manage your product catalog, prices and inventory"
        actions={
          <>
            <LinkButton to={paths.home.getHref()} variant="outline" icon={ArrowLeft}>
              Back to Dashboard
            </LinkButton>
            <LinkButton to={paths.productCreate.getHref()} icon={Plus}>
              Add Product
            </LinkButton>
          </>
        }
      />
      <PageBody className="space-y-6">
        <SummaryCards summary={summary.data} loading={summary.isPending} />

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchInput
            label="Search products"
            placeholder="Search by name, SKU or category..."
            className="w-full sm:max-w-sm"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {!isPending && !isError && (
            <ListCount
              shown={products.length}
              total={total}
              searching={isFetching && isPlaceholderData}
              noun={['product', 'products']}
              className="sm:ml-auto"
              data-testid="products-total"
            />
          )}
        </div>

        {isError ? (
          <ListLoadFailed what="products" onRetry={() => void refetch()} />
        ) : !isPending && products.length === 0 ? (
          <EmptyState
            icon={Package}
            title={term ? ProductMessages.emptySearch : ProductMessages.empty}
            description={term ? 'Try another name, SKU or category.' : 'Add the products and services you sell to put them on invoices.'}
            action={
              <LinkButton to={paths.productNew.getHref()} icon={Plus}>
                Add Product
              </LinkButton>
            }
          />
        ) : (
          <>
            <ProductsTable
              products={products}
              loading={isPending}
              busy={isPending || isFetching}
              onDelete={setConfirming}
              deleting={deletion.isPending}
            />
            {hasNextPage && <LoadMore onClick={() => void fetchNextPage()} loading={isFetchingNextPage} />}
          </>
        )}
        <DeleteProductDialog
          product={confirming}
          onCancel={() => setConfirming(null)}
          onConfirm={(p) => {
            setConfirming(null);
            deletion.mutate(p.id);
          }}
        />
      </PageBody>
    </>
  );
}
