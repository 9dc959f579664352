import type { DashboardDay } from '@retouch/shared/dashboard';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatServerDay, formatShortServerDay } from '@/lib/format-date';
import { DashboardText } from '../texts';

const CHART_STYLE = { width: '100%', height: 260 };
const ORDERS_COLOR = '#1677ff';
const REVENUE_COLOR = '#52c41a';

/**
 * Orders (bars, left axis) and revenue in tokens (line, right axis) per day. recharts is big, so this
 * module is loaded on its own (a lazy chunk); the summary and the table beside it say the same in words.
 */
export default function DaysChart({ days }: { days: DashboardDay[] }) {
  return (
    <ComposedChart responsive style={CHART_STYLE} data={days}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="date" tickFormatter={formatShortServerDay} />
      <YAxis yAxisId="orders" allowDecimals={false} />
      <YAxis yAxisId="revenue" orientation="right" allowDecimals={false} />
      <Tooltip labelFormatter={(day) => formatServerDay(String(day))} />
      <Legend />
      <Bar yAxisId="orders" dataKey="orders" name={DashboardText.ordersSeries} fill={ORDERS_COLOR} />
      <Line
        yAxisId="revenue"
        dataKey="revenue"
        name={DashboardText.revenueSeries}
        stroke={REVENUE_COLOR}
        strokeWidth={2}
        type="monotone"
      />
    </ComposedChart>
  );
}
