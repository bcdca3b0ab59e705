import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDefaults, formatMoney } from '@/lib/format';
import type { RevenuePoint } from '../lib/revenue';

/** The axis in short figures of the chart's own currency, in the organization's locale ("€1.2K"). */
const compactFormat = (currency: string) =>
  new Intl.NumberFormat(formatDefaults().locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });

/** The Revenue Overview bars (recharts; loaded on its own chunk so the first visit stays small). */
export default function RevenueChart({ data, currency = formatDefaults().currency }: { data: RevenuePoint[]; currency?: string }) {
  const compact = compactFormat(currency);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
        <YAxis
          width={56}
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
          tickFormatter={(v: number) => compact.format(v)}
        />
        <Tooltip
          cursor={{ fill: 'var(--muted)' }}
          formatter={(value) => [formatMoney(Number(value), currency), 'Revenue']}
          contentStyle={{
            background: 'var(--popover)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            color: 'var(--popover-foreground)',
          }}
        />
        <Bar dataKey="revenue" fill="var(--primary)" radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
