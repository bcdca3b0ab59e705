/** The seller of a public document (the pay page, a quote's page): its logo when it has one, and its name. */
export function SellerBrand({ seller, caption }: { seller: { name: string; logoUrl: string | null }; caption: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      {seller.logoUrl && (
        <img src={seller.logoUrl} alt="" className="size-12 rounded-md object-contain" onError={(e) => (e.currentTarget.hidden = true)} />
      )}
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-muted-foreground">{caption}</p>
        <p className="text-lg font-semibold break-words" data-testid="seller-name">
          {seller.name}
        </p>
      </div>
    </div>
  );
}
