import type { AnalyticsRow } from '@retouch/shared/dispatch';
import { Col, Row, Typography } from 'antd';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatServerDay, formatShortServerDay } from '@/lib/format-date';
import { AnalyticsScreenText } from '../texts';

const CHART_STYLE = { width: '100%', height: 240 };
const ORDERS_COLOR = '#1677ff';
const EARNINGS_COLOR = '#52c41a';

interface DayChartProps {
  title: string;
  rows: AnalyticsRow[];
  dataKey: 'ordersCount' | 'totalCost';
  color: string;
}

/** A bar per active day; the figure's caption names it for screen readers and tests. */
function DayChart({ title, rows, dataKey, color }: DayChartProps) {
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      <Typography.Title level={5} component="figcaption">
        {title}
      </Typography.Title>
      <BarChart responsive style={CHART_STYLE} data={rows}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatShortServerDay} />
        <YAxis allowDecimals={false} />
        <Tooltip labelFormatter={(day) => formatServerDay(String(day))} />
        <Bar dataKey={dataKey} name={title} fill={color} />
      </BarChart>
    </figure>
  );
}

/** Orders and earnings per day. recharts is big, so this module is loaded on its own (a lazy chunk). */
export default function AnalyticsCharts({ rows }: { rows: AnalyticsRow[] }) {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={12}>
        <DayChart
          title={AnalyticsScreenText.ordersChart}
          rows={rows}
          dataKey="ordersCount"
          color={ORDERS_COLOR}
        />
      </Col>
      <Col xs={24} lg={12}>
        <DayChart
          title={AnalyticsScreenText.earningsChart}
          rows={rows}
          dataKey="totalCost"
          color={EARNINGS_COLOR}
        />
      </Col>
    </Row>
  );
}
