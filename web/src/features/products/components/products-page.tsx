import * as React from 'react';
import { ArrowLeft, Package, Plus } from 'lucide-react';
import { ProductMessages, type Product } from '@billpoint/proto';
import { ListBody, ListFilterBar, ListPage, ListTable, useListSearch } from '@/components/list-page';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { usePermission } from '@/lib/auth';
import { isHandledGlobally } from '@/lib/query-client';
import { useDeleteProduct } from '../api/delete-product';
import { useProductSummary } from '../api/get-product-summary';
import { useProducts } from '../api/get-products';
import { DeleteProductDialog } from './delete-product-dialog';
import { productColumns } from './product-columns';
import { SummaryCards } from './summary-cards';

/** The products list: back to the dashboard, five cards, one search box, the table, Add Product. */
export function ProductsPage() {
  const search = useListSearch();
  const { term } = search;
  const summary = useProductSummary();
  const list = useProducts(term);
  const canDelete = usePermission('products.delete');

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
        <ListFilterBar
          search={{ label: 'Search products', placeholder: 'Search by name, SKU or category...', ...search }}
          count={{ list, shown: list.products.length, noun: ['product', 'products'], testId: 'products-total' }}
        />
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
        noMatch={{
          icon: Package,
          title: ProductMessages.emptySearch,
          description: 'Try another name, SKU or category.',
          action: addButton,
        }}
      >
        <ListTable
          label="Products"
          columns={productColumns({ onDelete: setConfirming, deleting: deletion.isPending, canDelete })}
          rows={list.products}
          testId="product-row"
          list={list}
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
