import { theme, Typography } from 'antd';
import { EditorText } from '../texts';

interface ServiceCardProps {
  title: string;
  picture: string;
  cost: number;
  width: number;
  chosen: boolean;
  onClick: () => void;
}

/** A service or option of the slider: picture, title and cost; a chosen one is outlined and pressed. */
export function ServiceCard({ title, picture, cost, width, chosen, onClick }: ServiceCardProps) {
  const { token } = theme.useToken();
  return (
    <button
      type="button"
      aria-pressed={chosen}
      // Read out whole, title then price, whatever the layout does to the spaces between them.
      aria-label={EditorText.card(title, cost)}
      onClick={onClick}
      style={{
        flex: `0 0 ${width}px`,
        width,
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        padding: 6,
        cursor: 'pointer',
        textAlign: 'left',
        background: chosen ? token.colorPrimaryBg : token.colorBgContainer,
        border: `2px solid ${chosen ? token.colorPrimary : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <img
        src={picture}
        alt=""
        loading="lazy"
        style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: token.borderRadius }}
      />
      <Typography.Text strong ellipsis style={{ width: '100%' }}>
        {title}
      </Typography.Text>
      <Typography.Text type="secondary">{EditorText.coins(cost)}</Typography.Text>
    </button>
  );
}
