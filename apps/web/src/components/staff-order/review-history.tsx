import { KeyboardScroll } from '@/components/keyboard-scroll';
import {
  ExecutorResult,
  ReviewResult,
  type StaffOrder,
  type StaffProcessingStep,
} from '@retouch/shared/dispatch';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { StaffOrderText } from './texts';

const NONE = '—';

const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('ru-RU') : NONE);

/**
 * An attempt's result (back office section 4): 0 refused, 1 completed, any other overdue, except 3
 * (ours: taken back from a designer away too long); none while it runs, or when it ended without one
 * because staff cancelled the order.
 */
function executorResultText(step: StaffProcessingStep): string {
  if (!step.executor) return NONE;
  const { status } = step.executor.result;
  if (status === null)
    return step.executor.dateEnd ? StaffOrderText.resultCancelled : StaffOrderText.resultInWork;
  if (status === ExecutorResult.refused) return StaffOrderText.resultRefused;
  if (status === ExecutorResult.completed) return StaffOrderText.resultCompleted;
  if (status === ExecutorResult.interrupted) return StaffOrderText.resultInterrupted;
  return StaffOrderText.resultOverdue;
}

/**
 * The review of an attempt: 0 fixed (sent back), 1 approved, none while it is checked or once cancelled.
 * On a designer's refusal 0 is the moderator's «Не согласен» (back office section 4: "Not agree rejects a
 * refusal"): the order went to the queue, nothing was sent back to fix.
 */
function reviewText(step: StaffProcessingStep): string {
  if (!step.review) return NONE;
  const { status } = step.review.result;
  if (status === null)
    return step.review.dateEnd ? StaffOrderText.reviewCancelled : StaffOrderText.reviewPending;
  if (status !== ReviewResult.fixed) return StaffOrderText.reviewApproved;
  const refusal = step.executor?.result.status === ExecutorResult.refused;
  return refusal ? StaffOrderText.reviewNotAgreed : StaffOrderText.reviewFixed;
}

const columns: TableColumnsType<StaffProcessingStep> = [
  {
    key: 'designer',
    title: StaffOrderText.historyDesigner,
    render: (_, step) => step.executor?.email ?? StaffOrderText.client,
  },
  {
    key: 'start',
    title: StaffOrderText.historyStart,
    render: (_, step) => formatTime(step.executor?.dateStart ?? step.createdAt),
  },
  { key: 'end', title: StaffOrderText.historyEnd, render: (_, step) => formatTime(step.executor?.dateEnd) },
  { key: 'result', title: StaffOrderText.historyResult, render: (_, step) => executorResultText(step) },
  {
    key: 'comment',
    title: StaffOrderText.historyComment,
    render: (_, step) => step.executor?.result.reason?.title.admin ?? step.client?.message ?? '',
  },
  {
    key: 'moderator',
    title: StaffOrderText.historyModerator,
    render: (_, step) => step.review?.email ?? NONE,
  },
  { key: 'review', title: StaffOrderText.historyReview, render: (_, step) => reviewText(step) },
  {
    key: 'review-comment',
    title: StaffOrderText.historyReviewComment,
    render: (_, step) => step.review?.result.message ?? '',
  },
];

/** Every step of the order's processing, oldest first: the designers' attempts with their reviews. */
export function ReviewHistory({ order }: { order: StaffOrder }) {
  return (
    <Card title={StaffOrderText.history}>
      <KeyboardScroll label={StaffOrderText.history}>
        <Table<StaffProcessingStep>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={order.processing}
          pagination={false}
          locale={{ emptyText: <Empty description={StaffOrderText.historyEmpty} /> }}
          scroll={{ x: true }}
        />
      </KeyboardScroll>
    </Card>
  );
}
