import { ORDER_TABLE_STATUSES, type OrderTableStatus } from '@retouch/shared/admin-orders';
import { DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { OrdersTableQuery } from '../api/get-orders';
import { URL_DAY_FORMAT } from '../utils/table-query';
import { AdminOrdersUiText } from '../texts';

const PICKER_FORMAT = 'DD.MM.YYYY';

const statusOptions = ORDER_TABLE_STATUSES.map((status) => ({
  value: status,
  label: AdminOrdersUiText[status],
}));

const urlDay = (day: Dayjs | null | undefined) => (day ? day.format(URL_DAY_FORMAT) : null);

interface OrdersFiltersProps {
  query: OrdersTableQuery;
  onChange: (changes: Partial<OrdersTableQuery>) => void;
}

/**
 * The table's status filter (the statuses as the table names them, several at once) and creation-day
 * range (the staff member's days, either end may stay open). A change starts again at page 1.
 */
export function OrdersFilters({ query, onChange }: OrdersFiltersProps) {
  const range: [Dayjs | null, Dayjs | null] | null =
    query.dateFrom || query.dateTo
      ? [query.dateFrom ? dayjs(query.dateFrom) : null, query.dateTo ? dayjs(query.dateTo) : null]
      : null;
  return (
    <Flex gap="middle" wrap align="center" style={{ marginBottom: 16 }}>
      <Select<OrderTableStatus[]>
        mode="multiple"
        allowClear
        aria-label={AdminOrdersUiText.statusFilter}
        placeholder={AdminOrdersUiText.anyStatus}
        style={{ minWidth: 260 }}
        value={query.status}
        options={statusOptions}
        onChange={(chosen) =>
          onChange({ status: ORDER_TABLE_STATUSES.filter((status) => chosen.includes(status)), page: 1 })
        }
      />
      <DatePicker.RangePicker
        aria-label={AdminOrdersUiText.createdFilter}
        format={PICKER_FORMAT}
        placeholder={[AdminOrdersUiText.createdFrom, AdminOrdersUiText.createdTo]}
        allowEmpty={[true, true]}
        value={range}
        onChange={(days) => onChange({ dateFrom: urlDay(days?.[0]), dateTo: urlDay(days?.[1]), page: 1 })}
      />
    </Flex>
  );
}
