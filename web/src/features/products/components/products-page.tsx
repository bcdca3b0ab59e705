import * as React from 'react';
import { ArrowLeft, Package, Plus } from 'lucide-react';
import { ProductMessages, type Product } from '@billpoint/proto';
import { ListBody, ListFilterBar, ListPage, ListTotal } from '@/components/list-page';
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
  const list = useProducts(term);

  const deletion = useDeleteProduct({
    onSuccess: () => toast({ title: ProductMessages.deleted }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: ProductMessages.deleteFailed });
    },
  });
  const [confirming, setConfirming] = React.useState<Product | null>(null);

  const filtered = term !== '';
  const addButton = (
    <LinkButton to={paths.productNew.getHref()} icon={Plus}>
      Add Product
    </LinkButton>
  );

  return (
    <ListPage
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
      cards={<SummaryCards summary={summary.data} loading={summary.isPending} />}
      filters={
        <ListFilterBar count={<ListTotal list={list} shown={list.products.length} noun={['product', 'products']} testId="products-total" />}>
          <SearchInput
            label="Search products"
            placeholder="Search by name, SKU or category..."
            className="w-full sm:max-w-sm"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </ListFilterBar>
      }
    >
      <ListBody
        list={list}
        shown={list.products.length}
        what="products"
        filtered={filtered}
        empty={{
          icon: Package,
          title: ProductMessages.empty,
          description: 'Add the products and services you sell to put them on invoices.',
          action: addButton,
        }}
        noMatch={{ icon: Package, title: ProductMessages.emptySearch, description: 'Try another name, SKU or category.', action: addButton }}
      >
        <ProductsTable
          products={list.products}
          loading={list.isPending}
          busy={list.isPending || list.isFetching}
          onDelete={setConfirming}
          deleting={deletion.isPending}
        />
      </ListBody>
      <DeleteProductDialog
        product={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={(p) => {
          setConfirming(null);
          deletion.mutate(p.id);
        }}
      />
    </ListPage>
  );
}
