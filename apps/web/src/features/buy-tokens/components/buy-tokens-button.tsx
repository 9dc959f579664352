import { PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { BuyTokensText } from '../texts';

/** The plus icon of the header that opens the buy-tokens dialog. */
export function BuyTokensButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title={BuyTokensText.buyTokens}>
      <Button
        shape="circle"
        size="small"
        icon={<PlusOutlined aria-hidden />}
        aria-label={BuyTokensText.buyTokens}
        onClick={onClick}
      />
    </Tooltip>
  );
}
