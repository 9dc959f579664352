import type { AnalyticsRow } from '@retouch/shared/dispatch';
import { Table, type TableColumnsType } from 'antd';
import { formatCents, formatTokens } from '@/lib/format-amount';
import { formatServerDay } from '@/lib/format-date';
import { AnalyticsScreenText } from '../texts';
import { formatShiftTime } from '../utils/format';

const columns: TableColumnsType<AnalyticsRow> = [
  { key: 'date', title: AnalyticsScreenText.date, render: (_, row) => formatServerDay(row.date) },
  {
    key: 'shiftTime',
    title: AnalyticsScreenText.shiftTime,
    render: (_, row) => formatShiftTime(row.shiftTime),
  },
  { key: 'ordersCount', title: AnalyticsScreenText.ordersCount, dataIndex: 'ordersCount' },
  { key: 'totalCost', title: AnalyticsScreenText.totalCost, render: (_, row) => formatTokens(row.totalCost) },
  {
    key: 'tips',
    title: AnalyticsScreenText.tips,
    render: (_, row) =>
      row.tips.length === 0
        ? AnalyticsScreenText.noTips
        : row.tips.map(({ tip }) => formatCents(tip)).join(', '),
  },
  // The server's total (5 times the tips, back-office section 9) is shown as sent, never recomputed.
  { key: 'totalTips', title: AnalyticsScreenText.totalTips, render: (_, row) => formatCents(row.totalTips) },
];

/** One row per day with activity, as the server sends them. */
export function AnalyticsTable({ rows }: { rows: AnalyticsRow[] }) {
  // At 200 % zoom (640 px) the columns scroll inside the table, never the page (WCAG 1.4.10).
  return (
    <Table<AnalyticsRow>
      rowKey="date"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}
