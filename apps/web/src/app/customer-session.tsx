import { BuyTokensDialog } from '@/features/buy-tokens/components/buy-tokens-dialog';
import { OrderNotices } from '@/features/notifications/components/order-notices';
import { useSession } from '@/lib/session/use-session';

interface CustomerSessionProps {
  buyTokensOpen: boolean;
  onBuyTokensClose: () => void;
}

/** What the customer frame adds for a logged-in customer: order notices and the buy-tokens dialog. */
export default function CustomerSession({ buyTokensOpen, onBuyTokensClose }: CustomerSessionProps) {
  const { user } = useSession();
  return (
    <>
      <OrderNotices userId={user?._id} />
      {user && buyTokensOpen && <BuyTokensDialog balance={user.balance} onClose={onBuyTokensClose} />}
    </>
  );
}
