import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface PnlPoint {
  label: string;
  income: number;
  expenses: number;
}

/** Income and expenses by month; its own chunk (recharts is large), loaded with React.lazy. */
export default function PnlChart({
  data,
  format,
  formatTick,
  label,
  names,
}: {
  data: PnlPoint[];
  format: (n: number) => string;
  /** The axis's short form (£1.2K): a tick as long as a tooltip's figure is cut off on a phone. */
  formatTick: (n: number) => string;
  label: string;
  names: { income: string; expenses: string };
}) {
  return (
    <div role="img" aria-label={label} className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            interval="preserveStartEnd"
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={64}
            tickFormatter={(v: number) => formatTick(v)}
          />
          <Tooltip formatter={(v) => format(Number(v))} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="income"
            name={names.income}
            fill="var(--color-primary, #4f46e5)"
            radius={[4, 4, 0, 0]}
          />
          <Bar dataKey="expenses" name={names.expenses} fill="#f59e0b" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
