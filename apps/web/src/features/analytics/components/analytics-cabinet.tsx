import { hasPermission, PermissionSign } from '@retouch/shared/permissions';
import { AdminText } from '@retouch/shared/texts';
import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session/use-session';
import { analyticsExportUrl } from '../api/export-analytics';
import { analyticsKey, useAnalytics, type AnalyticsQuery } from '../api/get-analytics';
import { AnalyticsScreenText } from '../texts';
import { defaultRange, toQueryDay } from '../utils/range';
import { AnalyticsTable } from './analytics-table';
import { StaffSelect } from './staff-select';

// recharts stays out of the screen's chunk until there are rows to draw.
const AnalyticsCharts = lazy(() => import('./analytics-charts'));

const NOT_FOUND = 404;
const PICKER_FORMAT = 'DD.MM.YYYY';

const isFutureDay = (day: Dayjs) => day.isAfter(dayjs(), 'day');

/**
 * /admin/analytics (back office section 2, Analytics cabinet): a range of days (the last 7 by default)
 * and their rows and charts; with lookUsers another staff member can be looked up by e-mail. No
 * statistics (404) shows the specification's alert, whose button goes back to the last view with data,
 * or to /admin when there was none. The export downloads the days shown as CSV.
 */
export function AnalyticsCabinet() {
  const { permissions } = useSession();
  const lookUsers = hasPermission(permissions, PermissionSign.lookUsers);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [view, setView] = useState<AnalyticsQuery>(() => ({ ...defaultRange(), userId: null }));
  const [earlier, setEarlier] = useState<AnalyticsQuery[]>([]);
  const analytics = useAnalytics(view);

  const show = (next: AnalyticsQuery) => {
    setEarlier((list) => [...list, view]);
    setView(next);
  };
  const goBack = () => {
    const index = earlier.findLastIndex(
      (query) => queryClient.getQueryData(analyticsKey(query)) !== undefined,
    );
    if (index < 0) {
      void navigate('/admin');
      return;
    }
    setView(earlier[index]!);
    setEarlier(earlier.slice(0, index));
  };
  const pickRange = (days: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = days ?? [];
    if (start && end) show({ ...view, startDate: toQueryDay(start), endDate: toQueryDay(end) });
  };

  const notFound = analytics.error instanceof ApiError && analytics.error.status === NOT_FOUND;

  return (
    <Card
      title={AdminText.menuAnalytics}
      extra={
        // Offered once there are days to write: not while they load, nor for the 404 alert.
        <Button
          icon={<DownloadOutlined aria-hidden />}
          href={analytics.data ? analyticsExportUrl(view) : undefined}
          disabled={!analytics.data}
          download
        >
          {AnalyticsScreenText.exportCsv}
        </Button>
      }
    >
      <Flex vertical gap="large">
        <Space wrap size="middle">
          <DatePicker.RangePicker
            aria-label={AnalyticsScreenText.range}
            format={PICKER_FORMAT}
            placeholder={[AnalyticsScreenText.rangeStart, AnalyticsScreenText.rangeEnd]}
            allowClear={false}
            disabledDate={isFutureDay}
            value={[dayjs(view.startDate), dayjs(view.endDate)]}
            onChange={pickRange}
          />
          {lookUsers && <StaffSelect value={view.userId} onChange={(userId) => show({ ...view, userId })} />}
        </Space>
        {analytics.isPending ? (
          <div aria-busy="true" aria-label={AnalyticsScreenText.loading}>
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          </div>
        ) : notFound ? (
          <Alert
            type="error"
            showIcon
            title={AdminText.error}
            description={AnalyticsScreenText.notFound}
            action={<Button onClick={goBack}>{AnalyticsScreenText.back}</Button>}
          />
        ) : analytics.isError ? (
          <Alert
            type="error"
            showIcon
            title={AdminText.error}
            description={errorMessage(analytics.error, AdminText.somethingWrong)}
            action={<Button onClick={() => void analytics.refetch()}>{AdminText.tryAgain}</Button>}
          />
        ) : (
          <>
            <AnalyticsTable rows={analytics.data} />
            <Suspense
              fallback={
                <div aria-busy="true" aria-label={AnalyticsScreenText.chartsLoading}>
                  <Skeleton active paragraph={{ rows: 3 }} title={false} />
                </div>
              }
            >
              <AnalyticsCharts rows={analytics.data} />
            </Suspense>
          </>
        )}
      </Flex>
    </Card>
  );
}
