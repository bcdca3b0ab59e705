import type * as React from 'react';
import { numberForInput } from '@/lib/number-input';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ProductCategories, ProductCurrencies, type ProductInput } from '@billpoint/proto';
import { FormActions } from '@/components/form-actions';
import { TextField } from '@/components/form-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { cn } from '@/lib/utils';
import type { ProductFormValues } from '../lib/product-form';
import { ChoiceField, SwitchField } from './product-form-parts';

export type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductInput>;

function Section({
  title,
  description,
  columns = 'md:grid-cols-2',
  children,
}: {
  title: string;
  description: string;
  columns?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={cn('grid grid-cols-1 items-start gap-4', columns)}>{children}</CardContent>
    </Card>
  );
}

/**
 * The product form of Add New Product and Edit Product: Basic Information, Pricing & Tax and
 * Inventory Management; the stock fields only while inventory tracking is on.
 */
export function ProductFormView({
  form,
  mode,
  onSubmit,
  onCancel,
  pending,
}: {
  form: ProductForm;
  mode: 'create' | 'edit';
  onSubmit: (values: ProductInput) => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const control = form.control;
  const tracking = useWatch({ control, name: 'trackInventory' });
  const currency = useWatch({ control, name: 'currency' });
  const wholeUnits = currency === 'JPY';

  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="max-w-3xl space-y-6">
        <Section title="Basic Information" description="What you sell, as it appears on invoices.">
          <TextField control={control} name="name" label="Product Name" placeholder="e.g. Website hosting" />
          <TextField control={control} name="sku" label="SKU" placeholder="e.g. HOST-001" />
          <ChoiceField
            control={control}
            name="category"
            label="Category"
            choices={ProductCategories}
            placeholder="Select a category"
            noneLabel="No category"
          />
          <TextField control={control} name="unitOfMeasure" label="Unit of Measure" placeholder="e.g. hour, piece, license" />
          <div className="md:col-span-2">
            <TextField control={control} name="description" label="Description" placeholder="A short description..." multiline />
          </div>
          <SwitchField control={control} name="isActive" label="Active" description="Only active products can be added to invoices." />
        </Section>

        <Section title="Pricing & Tax" description="The unit price and the tax rate applied on invoices." columns="md:grid-cols-3">
          <TextField
            control={control}
            name="price"
            label="Price"
            inputMode="decimal"
            autoComplete="off"
            placeholder={numberForInput('0', wholeUnits ? 0 : 2)}
          />
          <ChoiceField control={control} name="currency" label="Currency" choices={ProductCurrencies} placeholder="Select a currency" />
          <TextField control={control} name="taxRate" label="Tax Rate (%)" inputMode="decimal" autoComplete="off" />
        </Section>

        <Section title="Inventory Management" description="Keep count of the stock of physical goods.">
          <SwitchField
            control={control}
            name="trackInventory"
            label="Track Inventory"
            description="Stock falls as invoices with this product are sent."
          />
          {tracking && (
            <>
              <TextField
                control={control}
                name="stockQuantity"
                label={mode === 'create' ? 'Stock Quantity' : 'Stock Quantity (on hand now)'}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="0"
              />
              <TextField
                control={control}
                name="lowStockThreshold"
                label="Low Stock Threshold"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="0"
              />
            </>
          )}
        </Section>

        <FormActions
          onCancel={onCancel}
          pending={pending}
          submitLabel={mode === 'create' ? 'Create Product' : 'Update Product'}
          pendingLabel={mode === 'create' ? 'Creating...' : 'Updating...'}
        />
      </form>
    </Form>
  );
}
