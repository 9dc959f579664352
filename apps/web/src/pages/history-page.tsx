import { AccountUiText } from '@retouch/shared/accounts';
import { Alert } from 'antd';
import { RequireLogin } from '@/components/require-login';
import { OrderHistory } from '@/features/order-history/components/order-history';
import { OrderHistoryText } from '@/features/order-history/texts';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function HistoryPage() {
  useDocumentTitle(OrderHistoryText.documentTitle);
  return (
    <RequireLogin>
      {() => (
        <div style={{ maxWidth: 1400, margin: '0 auto' }}>
          <Alert type="info" showIcon title={AccountUiText.picturesKept} style={{ marginBottom: 16 }} />
          <OrderHistory />
        </div>
      )}
    </RequireLogin>
  );
}
