import type { Product } from '@retouch/shared/payments';
import { Table, type TableColumnsType } from 'antd';
import { LoadError } from '@/components/load-error';
// The live package list is the buy dialog's; the policy shows the same query.
import { useProducts } from '@/lib/api/get-products';
import { formatUsd } from '@/lib/format-usd';
import { SiteText } from '../texts';

const columns: TableColumnsType<Product> = [
  { key: 'cost', title: SiteText.cost, dataIndex: 'cost', render: (cost: number) => formatUsd(cost) },
  { key: 'charge', title: SiteText.tokens, dataIndex: 'charge' },
  {
    key: 'bonus',
    title: SiteText.bonus,
    dataIndex: 'bonus',
    render: (bonus: number) => (bonus ? `+${bonus}` : '—'),
  },
];

/** The token packages on sale (`GET /api/products`): cost in dollars, tokens and bonus. */
export function PackageTable() {
  const products = useProducts();
  if (products.isError) {
    return (
      <LoadError
        title={SiteText.packagesError}
        retryLabel={SiteText.tryAgain}
        onRetry={() => void products.refetch()}
      />
    );
  }
  return (
    <Table<Product>
      rowKey="_id"
      columns={columns}
      dataSource={products.data ?? []}
      loading={products.isPending}
      pagination={false}
      size="small"
    />
  );
}
