import { useParams } from 'react-router';
import { OrderDetails } from '@/features/admin-orders/components/order-details';

/** /admin/info/order/{id}: one order's details. */
export default function OrderInfoPage() {
  const { id = '' } = useParams();
  return <OrderDetails orderId={id} />;
}
