import { AdminText } from '@retouch/shared/texts';
import { Card, Empty, Flex, Skeleton, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';

/** The list query an editor shows (a TanStack Query result fits). */
interface EditableList<Row> {
  data: readonly Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface EditableTableProps<Row extends { _id: string }> {
  /** The card's title and, on its right, the screen's buttons (add, save). */
  title: ReactNode;
  extra?: ReactNode;
  list: EditableList<Row>;
  /** What the table shows when it is not the list as loaded (a row being added below it). */
  rows?: readonly Row[];
  columns: TableColumnsType<Row>;
  texts: { loading: string; empty: string };
  skeletonRows?: number;
  /** Shown above the table and hidden with it (a create form). */
  header?: ReactNode;
  /** A form dialog over the screen; the table is hidden while it is open, unless `tableUnderDialog`. */
  dialog?: ReactNode;
  tableUnderDialog?: boolean;
}

/**
 * The back office's list editor: a card holding a table of rows with their edit and delete controls,
 * a skeleton while the list loads and the retry notice when it failed (Russian, back office section 8).
 */
export function EditableTable<Row extends { _id: string }>({
  title,
  extra,
  list,
  rows,
  columns,
  texts,
  skeletonRows = 4,
  header,
  dialog,
  tableUnderDialog = false,
}: EditableTableProps<Row>) {
  if (list.isError) {
    return (
      <LoadError
        title={AdminText.somethingWrong}
        retryLabel={AdminText.tryAgain}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const table = list.isPending ? (
    <div role="status" aria-busy="true" aria-label={texts.loading}>
      <Skeleton active paragraph={{ rows: skeletonRows }} title={false} />
    </div>
  ) : (
    <Table<Row>
      rowKey="_id"
      columns={columns}
      dataSource={rows ?? list.data}
      pagination={false}
      // At 200 % zoom (640 px) the columns scroll inside the table, never the page (WCAG 1.4.10).
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={texts.empty} /> }}
    />
  );
  const showTable = !dialog || tableUnderDialog;
  return (
    <Card title={title} extra={extra}>
      {showTable &&
        (header ? (
          <Flex vertical gap="middle">
            {header}
            {table}
          </Flex>
        ) : (
          table
        ))}
      {dialog}
    </Card>
  );
}
