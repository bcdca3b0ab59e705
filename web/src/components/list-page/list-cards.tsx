import type * as React from 'react';

const GRID = 'grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3';

/** A list shown as cards (one column on a phone, up to three); `skeletonCount` skeleton cards while loading. */
export function ListCards<T extends { id: React.Key }>({
  label,
  items,
  renderItem,
  loading,
  skeleton,
  skeletonCount,
  busy,
}: {
  label: string;
  items: readonly T[];
  renderItem: (item: T) => React.ReactNode;
  loading: boolean;
  /** One skeleton card. */
  skeleton: React.ReactNode;
  skeletonCount: number;
  busy: boolean;
}) {
  if (loading)
    return (
      <div className={GRID} role="status" aria-label={`Loading ${label.toLowerCase()}`}>
        {Array.from({ length: skeletonCount }, (_, i) => (
          <div key={i}>{skeleton}</div>
        ))}
      </div>
    );
  return (
    <ul className={GRID} aria-label={label} aria-busy={busy}>
      {items.map((item) => (
        <li key={item.id} className="grid min-w-0 grid-cols-1">
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
