import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@/lib/format';

const tooltipStyle = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--popover-foreground)',
};
const tick = { fill: 'var(--muted-foreground)', fontSize: 12 };

/**
 * The analytics bar charts (recharts, on their own chunk): revenue by month, or payments by method. Drawn for the eye;
 * the screens put the same figures in a table for screen readers.
 */
export default function AnalyticsBarChart({
  data,
  currency,
  name,
  layout = 'horizontal',
}: {
  data: { label: string; value: number }[];
  currency: string;
  name: string;
  layout?: 'horizontal' | 'vertical';
}) {
  const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  const money = (v: number) => compact.format(v);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout={layout} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={layout === 'vertical'} horizontal={layout === 'horizontal'} stroke="var(--border)" />
        {layout === 'horizontal' ? (
          <>
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={tick} />
            <YAxis width={64} tickLine={false} axisLine={false} tick={tick} tickFormatter={money} />
          </>
        ) : (
          <>
            <XAxis type="number" tickLine={false} axisLine={false} tick={tick} tickFormatter={money} />
            <YAxis type="category" dataKey="label" width={110} tickLine={false} axisLine={false} tick={tick} />
          </>
        )}
        <Tooltip
          cursor={{ fill: 'var(--muted)' }}
          formatter={(value) => [formatMoney(Number(value), currency), name]}
          contentStyle={tooltipStyle}
        />
        <Bar
          dataKey="value"
          fill="var(--primary)"
          radius={layout === 'horizontal' ? [4, 4, 0, 0] : [0, 4, 4, 0]}
          maxBarSize={48}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
