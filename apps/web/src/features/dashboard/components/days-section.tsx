import type { DashboardDay } from '@retouch/shared/dashboard';
import { Collapse, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { lazy, Suspense, useId } from 'react';
import { formatServerDay } from '@/lib/format-date';
import { DashboardText, daysSummary } from '../texts';
import { formatCount } from '../utils/format';

// recharts stays out of the admin chunk: it loads once there are days to draw.
const DaysChart = lazy(() => import('./days-chart'));

const columns: TableColumnsType<DashboardDay> = [
  { key: 'date', title: DashboardText.date, render: (_, day) => formatServerDay(day.date) },
  { key: 'orders', title: DashboardText.ordersSeries, render: (_, day) => formatCount(day.orders) },
  { key: 'revenue', title: DashboardText.revenueSeries, render: (_, day) => formatCount(day.revenue) },
];

/** The days' chart, with its totals in words and its figures as a table for those who cannot see it. */
export function DaysSection({ days }: { days: DashboardDay[] }) {
  const summaryId = useId();
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const revenue = days.reduce((sum, day) => sum + day.revenue, 0);
  return (
    <figure aria-label={DashboardText.chartTitle} aria-describedby={summaryId} style={{ margin: 0 }}>
      <Typography.Title level={5} component="figcaption">
        {DashboardText.chartTitle}
      </Typography.Title>
      <Typography.Paragraph id={summaryId} type="secondary">
        {daysSummary(formatCount(orders), formatCount(revenue))}
      </Typography.Paragraph>
      <Suspense
        fallback={
          <div role="status" aria-busy="true" aria-label={DashboardText.chartLoading}>
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          </div>
        }
      >
        <DaysChart days={days} />
      </Suspense>
      <Collapse
        ghost
        items={[
          {
            key: 'table',
            label: DashboardText.daysTable,
            children: (
              <Table<DashboardDay>
                rowKey="date"
                size="small"
                columns={columns}
                dataSource={days}
                pagination={false}
                // At 200 % zoom (640 px) the columns scroll inside the table, never the page.
                scroll={{ x: 'max-content' }}
              />
            ),
          },
        ]}
      />
    </figure>
  );
}
