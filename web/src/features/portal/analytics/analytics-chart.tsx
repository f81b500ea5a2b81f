import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** One bar of the period: its label and its three figures. */
export interface ChartRow {
  label: string;
  pageViews: number;
  leads: number;
  conversions: number;
}

/**
 * The analytics' time chart (recharts, its own chunk, loaded with React.lazy): page views as bars
 * on the left axis, leads and conversions as lines on the right (tens against thousands).
 */
export default function AnalyticsChart({
  data,
  label,
  names,
}: {
  data: ChartRow[];
  label: string;
  names: { pageViews: string; leads: string; conversions: string };
}) {
  return (
    <div role="img" aria-label={label} className="h-64 w-full" data-testid="analytics-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            interval="preserveStartEnd"
          />
          <YAxis
            yAxisId="views"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={48}
            allowDecimals={false}
          />
          <YAxis
            yAxisId="leads"
            orientation="right"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={36}
            allowDecimals={false}
          />
          <Tooltip contentStyle={{ borderRadius: 8, fontSize: 12 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            yAxisId="views"
            dataKey="pageViews"
            name={names.pageViews}
            fill="var(--color-primary, #4f46e5)"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="leads"
            dataKey="leads"
            name={names.leads}
            stroke="#f59e0b"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="leads"
            dataKey="conversions"
            name={names.conversions}
            stroke="#16a34a"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
