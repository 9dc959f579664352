import { PaymentText, type PaymentAmount } from '@retouch/shared/payments';
import { CustomerText } from '@retouch/shared/texts';
import type { Balance } from '@retouch/shared/users';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Modal, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { useProducts } from '@/lib/api/get-products';
import { productTaxQuery } from '../api/get-product-tax';
import { cardPaymentKey } from '../hooks/use-card-payment';
import { usePaymentSuccess } from '../hooks/use-payment-success';
import { BuyTokensText } from '../texts';
import { PackagePicker } from './package-picker';
import { PaymentStep } from './payment-step';

interface BuyTokensDialogProps {
  /** The customer's balance as the header shows it. */
  balance: Balance;
  onClose: () => void;
}

/**
 * The buy-tokens dialog (customer side, section 2): choose a package, then Card or Crypto, and pay.
 * Mounted while open, so it starts afresh every time.
 */
export function BuyTokensDialog({ balance, onClose }: BuyTokensDialogProps) {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const products = useProducts();
  const paying = useIsMutating({ mutationKey: cardPaymentKey }) > 0;
  const succeed = usePaymentSuccess(onClose);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The payment step is open while it holds the chosen package's tax and total.
  const [amount, setAmount] = useState<PaymentAmount | null>(null);
  const [loadingTax, setLoadingTax] = useState(false);
  const selected = products.data?.find((product) => product._id === selectedId) ?? null;
  const step = amount && selected ? 'payment' : 'package';

  // The tax is loaded before the payment step opens; without it there is nothing to pay.
  const goToPayment = async () => {
    if (!selected) return;
    setLoadingTax(true);
    try {
      setAmount(await queryClient.fetchQuery(productTaxQuery(selected._id)));
    } catch (error) {
      notification.error({
        title: CustomerText.error,
        description: errorMessage(error, PaymentText.somethingWentWrong),
      });
      onClose();
    } finally {
      setLoadingTax(false);
    }
  };

  const footer =
    step === 'package' ? (
      <Button
        key="next"
        type="primary"
        disabled={!selected}
        loading={loadingTax}
        onClick={() => void goToPayment()}
      >
        {BuyTokensText.next}
      </Button>
    ) : (
      // Its own key: reusing the Next button would carry over its loading state.
      <Button key="back" disabled={paying} onClick={() => setAmount(null)}>
        {BuyTokensText.back}
      </Button>
    );

  return (
    <Modal
      open
      title={BuyTokensText.buyTokens}
      width={640}
      footer={footer}
      onCancel={onClose}
      closable={!paying}
      keyboard={!paying}
      mask={{ closable: !paying }}
    >
      <Flex vertical gap="large">
        <Steps
          size="small"
          current={step === 'package' ? 0 : 1}
          items={[{ title: BuyTokensText.stepPackage }, { title: BuyTokensText.stepPayment }]}
        />
        {amount && selected ? (
          <PaymentStep product={selected} amount={amount} balance={balance} onPaid={succeed} />
        ) : (
          <PackageStep products={products} selectedId={selectedId} onSelect={setSelectedId} />
        )}
      </Flex>
    </Modal>
  );
}

interface PackageStepProps {
  products: ReturnType<typeof useProducts>;
  selectedId: string | null;
  onSelect: (productId: string) => void;
}

/** Step 1: the packages, with loading, failure and empty states. */
function PackageStep({ products, selectedId, onSelect }: PackageStepProps) {
  if (products.isPending) {
    return (
      <Flex justify="center" style={{ padding: 24 }} aria-busy="true">
        <Spin aria-label={BuyTokensText.loadingPackages} />
      </Flex>
    );
  }
  if (products.isError) {
    return (
      <LoadError
        title={BuyTokensText.packagesLoadFailed}
        retryLabel={BuyTokensText.tryAgain}
        onRetry={() => void products.refetch()}
      />
    );
  }
  if (products.data.length === 0) return <Empty description={BuyTokensText.noPackages} />;
  return (
    <Flex vertical gap="small">
      <Typography.Text strong>{BuyTokensText.choosePackage}</Typography.Text>
      <PackagePicker products={products.data} value={selectedId} onChange={onSelect} />
    </Flex>
  );
}
