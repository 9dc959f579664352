import type { Dashboard } from '@retouch/shared/dashboard';
import { AdminText } from '@retouch/shared/texts';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic, theme } from 'antd';
import { useId } from 'react';
import { useDashboard } from '../api/get-dashboard';
import { DashboardText } from '../texts';
import { formatCount, formatMinutes } from '../utils/format';
import { DaysSection } from './days-section';

interface Figure {
  label: string;
  /** As shown; undefined while loading. */
  text?: string;
  /** Drawn in the error colour: something is late. */
  alarming?: boolean;
}

/** The eight figures in the order they are shown; without an answer yet, their labels alone. */
function figuresOf(dashboard: Dashboard | undefined): Figure[] {
  const count = (pick: (answer: Dashboard) => number) =>
    dashboard ? formatCount(pick(dashboard)) : undefined;
  const median = dashboard?.medianHandlingMinutes;
  return [
    { label: DashboardText.waitingDesigner, text: count((answer) => answer.waiting.designer) },
    { label: DashboardText.waitingReview, text: count((answer) => answer.waiting.review) },
    { label: DashboardText.designersOnDuty, text: count((answer) => answer.onDuty.designers) },
    { label: DashboardText.moderatorsOnDuty, text: count((answer) => answer.onDuty.moderators) },
    {
      label: DashboardText.medianHandling,
      text: dashboard && (median == null ? DashboardText.noValue : formatMinutes(median)),
    },
    {
      label: DashboardText.overdue,
      text: count((answer) => answer.overdue),
      alarming: (dashboard?.overdue ?? 0) > 0,
    },
    { label: DashboardText.revenueToday, text: count((answer) => answer.today.revenue) },
    { label: DashboardText.tipsToday, text: count((answer) => answer.today.tips) },
  ];
}

/** One figure as a card, named by its label for assistive technology. */
function FigureCard({ label, text, alarming }: Figure) {
  const labelId = useId();
  const { token } = theme.useToken();
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        role="group"
        aria-labelledby={labelId}
        title={<span id={labelId}>{label}</span>}
        loading={text === undefined}
        value={text}
        formatter={() => text}
        styles={alarming ? { content: { color: token.colorError } } : undefined}
      />
    </Card>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard | undefined }) {
  return (
    <Row gutter={[16, 16]}>
      {figuresOf(dashboard).map((figure) => (
        <Col key={figure.label} xs={24} sm={12} lg={6}>
          <FigureCard {...figure} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * The back office's figures under the greeting of /admin (lookOrders): the queues, the staff on duty,
 * today's handling time, late orders and tokens, and the last days' orders and revenue. They are read
 * again every minute and whenever an order changes; a failed reading keeps the last figures shown.
 */
export function DashboardOverview() {
  const dashboard = useDashboard();
  const retry = (
    <Button loading={dashboard.isFetching} onClick={() => void dashboard.refetch()}>
      {AdminText.tryAgain}
    </Button>
  );
  return (
    <Card title={DashboardText.title} aria-busy={dashboard.isPending}>
      {dashboard.isError && !dashboard.data ? (
        <Alert
          type="error"
          showIcon
          title={AdminText.error}
          description={DashboardText.loadError}
          action={retry}
        />
      ) : (
        <Flex vertical gap="large">
          {dashboard.isError && (
            <Alert type="warning" showIcon title={DashboardText.refreshError} action={retry} />
          )}
          <Figures dashboard={dashboard.data} />
          {dashboard.data ? (
            <DaysSection days={dashboard.data.days} />
          ) : (
            <div aria-busy="true" aria-label={DashboardText.loading}>
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          )}
        </Flex>
      )}
    </Card>
  );
}
