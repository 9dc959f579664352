import { KeyboardScroll } from '@/components/keyboard-scroll';
import { AuditText, type AuditEntry } from '@retouch/shared/audit';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@retouch/shared/constants';
import { AdminText } from '@retouch/shared/texts';
import { Empty, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { useAudit, type AuditFilter } from '../api/get-audit';
import { describeChange, NO_VALUE } from '../utils/describe-change';

const formatMoment = (iso: string) => new Date(iso).toLocaleString('ru-RU');

const columns: TableColumnsType<AuditEntry> = [
  { key: 'when', title: AuditText.when, dataIndex: 'createdAt', render: formatMoment },
  { key: 'who', title: AuditText.who, render: (_, entry) => entry.actor.email },
  {
    key: 'what',
    title: AuditText.what,
    render: (_, entry) => `${AuditText.targets[entry.target.type]} · ${AuditText.actions[entry.action]}`,
  },
  { key: 'target', title: AuditText.target, render: (_, entry) => entry.target.label },
  {
    key: 'change',
    title: AuditText.change,
    render: (_, entry) => {
      const lines = describeChange(entry.before, entry.after);
      if (lines.length === 0) return NO_VALUE;
      return lines.map((line) => <div key={line}>{line}</div>);
    },
  },
];

/**
 * The audit log a page of 20 at a time, newest first, paged on the server; `filter` keeps one kind of
 * target or one target (a user's log). Another filter starts again at page 1.
 */
export function AuditTable({ filter }: { filter: AuditFilter }) {
  const filterKey = `${filter.targetType ?? ''}/${filter.targetId ?? ''}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const audit = useAudit(filter, page);

  if (audit.isError) {
    return (
      <LoadError title={AdminText.somethingWrong} retryLabel={AdminText.tryAgain} onRetry={audit.refetch} />
    );
  }

  return (
    <KeyboardScroll label={AuditText.screenTitle}>
      <Table<AuditEntry>
        rowKey="_id"
        columns={columns}
        dataSource={audit.data?.entries}
        // A page being loaded: the previous one stays under the spinner.
        loading={audit.isPending || audit.isPlaceholderData}
        // Not "no actions" before the answer says so.
        locale={{ emptyText: audit.isSuccess ? <Empty description={AuditText.empty} /> : <span /> }}
        scroll={{ x: true }}
        pagination={{
          current: page,
          pageSize: DEFAULT_ADMIN_PAGE_SIZE,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
        }}
        onChange={(pagination) => setPaging({ filterKey, page: pagination.current ?? 1 })}
      />
    </KeyboardScroll>
  );
}
