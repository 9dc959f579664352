import type { Product } from '@retouch/shared/payments';
import { Flex, Radio, Typography, theme } from 'antd';
import { formatUsd } from '@/lib/format-usd';
import { BuyTokensText, PackageLabel } from '../texts';

interface PackagePickerProps {
  products: readonly Product[];
  value: string | null;
  onChange: (productId: string) => void;
}

/** The packages as radio cards: one tab stop, arrow keys move the choice. */
export function PackagePicker({ products, value, onChange }: PackagePickerProps) {
  const { token } = theme.useToken();
  return (
    <Radio.Group
      name="token-package"
      aria-label={BuyTokensText.packagesLabel}
      value={value}
      onChange={(event) => onChange(String(event.target.value))}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
        gap: 12,
        width: '100%',
      }}
    >
      {products.map((product) => {
        const selected = product._id === value;
        return (
          <Radio
            key={product._id}
            value={product._id}
            aria-label={PackageLabel.name(product)}
            style={{
              margin: 0,
              padding: 12,
              alignItems: 'flex-start',
              borderRadius: token.borderRadiusLG,
              border: `1px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
              background: selected ? token.colorPrimaryBg : token.colorBgContainer,
            }}
          >
            <Flex vertical gap={2}>
              <Typography.Text strong>{PackageLabel.tokens(product.charge)}</Typography.Text>
              {product.bonus > 0 && (
                <Typography.Text type="success">{PackageLabel.bonus(product.bonus)}</Typography.Text>
              )}
              <Typography.Text style={{ fontSize: 18 }}>{formatUsd(product.cost)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {product.description}
              </Typography.Text>
            </Flex>
          </Radio>
        );
      })}
    </Radio.Group>
  );
}
