import { OrdersTable } from '@/features/admin-orders/components/orders-table';

/** /admin/orders: the orders table. */
export default function OrdersPage() {
  return <OrdersTable />;
}
