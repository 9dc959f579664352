import { KeyboardScroll } from '@/components/keyboard-scroll';
import { ExecutorResult, type StaffOrder, type StaffProcessingStep } from '@retouch/shared/dispatch';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { DesignerText } from '../texts';

type ExecutorStep = StaffProcessingStep & { executor: NonNullable<StaffProcessingStep['executor']> };

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString('ru-RU') : '—');

/**
 * The text of an attempt's result (back office section 4): 0 refused, 1 completed, any other overdue;
 * but 3, ours, is an attempt the server took back from a designer away too long, not an overdue one.
 */
function resultText(step: ExecutorStep): string {
  const { status } = step.executor.result;
  if (status === null) return DesignerText.resultInWork;
  if (status === ExecutorResult.refused) return DesignerText.resultRefused;
  if (status === ExecutorResult.completed) return DesignerText.resultCompleted;
  if (status === ExecutorResult.interrupted) return DesignerText.resultInterrupted;
  return DesignerText.resultOverdue;
}

const commentOf = (step: ExecutorStep) =>
  step.executor.result.reason?.title.admin ?? step.review?.result.message ?? '';

const columns: TableColumnsType<ExecutorStep> = [
  { key: 'designer', title: DesignerText.historyDesigner, render: (_, step) => step.executor.email },
  {
    key: 'start',
    title: DesignerText.historyStart,
    render: (_, step) => formatDate(step.executor.dateStart),
  },
  { key: 'end', title: DesignerText.historyEnd, render: (_, step) => formatDate(step.executor.dateEnd) },
  { key: 'result', title: DesignerText.historyResult, render: (_, step) => resultText(step) },
  { key: 'comment', title: DesignerText.historyComment, render: (_, step) => commentOf(step) },
];

/** The designers' attempts at the current order, oldest first. */
export function ProcessingHistory({ order }: { order: StaffOrder }) {
  const steps = order.processing.filter((step): step is ExecutorStep => step.executor !== null);
  return (
    <Card title={DesignerText.history}>
      <KeyboardScroll label={DesignerText.history}>
        <Table<ExecutorStep>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={steps}
          pagination={false}
          locale={{ emptyText: <Empty description={DesignerText.historyEmpty} /> }}
          scroll={{ x: true }}
        />
      </KeyboardScroll>
    </Card>
  );
}
