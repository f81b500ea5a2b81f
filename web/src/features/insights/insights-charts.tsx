import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** A series of a bar chart: its field in the data, its name in the legend, its colour. */
export interface Series {
  key: string;
  name: string;
  colour: string;
}

/** Insights' bar charts (recharts); their own chunk, loaded with React.lazy. */
export default function InsightsChart({
  data,
  series,
  label,
  format = (n) => String(n),
  formatTick = format,
}: {
  data: Record<string, string | number>[];
  series: Series[];
  label: string;
  format?: (n: number) => string;
  /** The axis's short form (£1.2K), so a tick fits beside the chart on a phone. */
  formatTick?: (n: number) => string;
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
            width={56}
            tickFormatter={(v: number) => formatTick(v)}
            allowDecimals={false}
          />
          <Tooltip formatter={(v) => format(Number(v))} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} radius={[4, 4, 0, 0]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
