import { AccountMenu } from '@/features/auth/components/account-menu';
import { BuyTokensButton } from '@/features/buy-tokens/components/buy-tokens-button';
import { clearDraft } from '@/features/editor/stores/editor-draft-store';

interface CustomerAccountProps {
  vertical: boolean;
  onBuyTokens: () => void;
}

/** The header's block of a logged-in customer: balances, the buy-tokens button and the account menu. */
export default function CustomerAccount({ vertical, onBuyTokens }: CustomerAccountProps) {
  return (
    <AccountMenu
      vertical={vertical}
      onBalanceClick={onBuyTokens}
      balanceAction={<BuyTokensButton onClick={onBuyTokens} />}
      forgetOnLogout={clearDraft}
    />
  );
}
