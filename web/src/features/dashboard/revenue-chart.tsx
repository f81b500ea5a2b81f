import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface RevenuePoint {
  label: string;
  value: number;
}

/** A bar chart of invoiced revenue; its own chunk (recharts is large), loaded with React.lazy. */
export default function RevenueChart({
  data,
  format,
  label,
}: {
  data: RevenuePoint[];
  format: (n: number) => string;
  label: string;
}) {
  return (
    <div role="img" aria-label={label} className="h-48 w-full">
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
            width={56}
            tickFormatter={(v: number) => format(v)}
          />
          <Tooltip
            formatter={(v) => format(Number(v))}
            cursor={{ fillOpacity: 0.1 }}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
          <Bar dataKey="value" fill="var(--color-primary, #4f46e5)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
