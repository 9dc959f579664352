import { AccountUiText } from '@retouch/shared/accounts';
import * as CompareSlider from 'react-compare-slider/components';
import { useReactCompareSlider } from 'react-compare-slider/hooks';
import type { UseReactCompareSliderReturn } from 'react-compare-slider/types';
import { PictureOutlined } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { keepArrowKeys } from '@/lib/keep-arrow-keys';
import { usePicturesSettled } from '@/lib/use-pictures-settled';

export interface CompareTexts {
  before: string;
  after: string;
  /** The divider's name. */
  compare: string;
  /** What stands in for a picture the retention job deleted. */
  expired: string;
}

/** Labels of the comparison: English on the customer side, Russian in the back office. */
export const CompareText = {
  customer: {
    before: 'Before',
    after: 'After',
    compare: 'Before and after: use the arrow keys to move the divider',
    expired: AccountUiText.pictureExpired,
  },
  staff: {
    before: 'До',
    after: 'После',
    compare: 'До и после: двигайте разделитель клавишами со стрелками',
    expired: AccountUiText.pictureExpiredStaff,
  },
} as const satisfies Record<'customer' | 'staff', CompareTexts>;

/** Size of the comparison at most (back-office section 9: comparison 700x400). */
export const COMPARE_MAX_WIDTH = 700;
export const COMPARE_MAX_HEIGHT = 400;

/** A largest width and height of a comparison, in px. */
export interface CompareSize {
  width: number;
  height: number;
}
const COMPARE_SIZE: CompareSize = { width: COMPARE_MAX_WIDTH, height: COMPARE_MAX_HEIGHT };

/** Small white text on a dark plate, readable over any picture. */
export const overPicture: CSSProperties = {
  position: 'absolute',
  zIndex: 2,
  padding: '2px 8px',
  borderRadius: 4,
  background: 'rgba(0, 0, 0, 0.55)',
  color: '#fff',
  fontSize: 12,
};

/** A picture's name in a corner of the comparison, over the picture. */
export const cornerLabel = (side: 'left' | 'right'): CSSProperties => ({
  ...overPicture,
  top: 8,
  [side]: 8,
  pointerEvents: 'none',
});

/** A placeholder in place of a deleted picture: an icon and the text, announced as an image. */
export function ExpiredPicture({
  text = CompareText.customer.expired,
  width = '100%',
  compact = false,
}: {
  text?: string;
  width?: number | string;
  compact?: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      role="img"
      aria-label={text}
      vertical
      align="center"
      justify="center"
      gap={4}
      style={{
        width,
        maxWidth: COMPARE_MAX_WIDTH,
        aspectRatio: compact ? '1' : `${COMPARE_MAX_WIDTH} / ${COMPARE_MAX_HEIGHT}`,
        padding: 8,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadiusLG,
        color: token.colorTextSecondary,
        textAlign: 'center',
      }}
    >
      <PictureOutlined aria-hidden style={{ fontSize: compact ? 20 : 40 }} />
      <Typography.Text type="secondary" style={{ fontSize: compact ? 11 : 14 }} aria-hidden>
        {text}
      </Typography.Text>
    </Flex>
  );
}

interface BeforeAfterSliderProps {
  /** Null once the picture was deleted: the placeholder shows instead of the comparison. */
  before: string | null;
  after: string | null;
  /** The labels in the screen's language; the back office passes `CompareText.staff`. */
  texts?: CompareTexts;
  /** Its size at most: 700x400 unless told (the order details' base picture is 800x500). */
  size?: CompareSize;
}

/** The picture before and after the retouch, split by a divider one drags or moves with the arrow keys. */
export function BeforeAfterSlider({
  before,
  after,
  texts = CompareText.customer,
  size = COMPARE_SIZE,
}: BeforeAfterSliderProps) {
  if (before === null || after === null) return <ExpiredPicture text={texts.expired} />;
  return <PictureComparison before={before} after={after} texts={texts} size={size} />;
}

interface ComparisonProps {
  before: string;
  after: string;
  texts: CompareTexts;
  size: CompareSize;
}

function PictureComparison(props: ComparisonProps) {
  // Both specifications' section 9: loading images wait 500 ms at most. The divider's hook starts with
  // the comparison it drives, so that its keys reach the divider shown.
  const picturesSettled = usePicturesSettled([props.before, props.after]);
  if (!picturesSettled) return <ComparisonLoading size={props.size} />;
  return <SettledComparison {...props} />;
}

function SettledComparison(props: ComparisonProps) {
  const slider = useReactCompareSlider();
  return <ControlledComparison {...props} slider={slider} />;
}

/** The comparison moved by its owner too: the review viewer moves the divider with keys of its own. */
export function ControlledComparison({
  before,
  after,
  texts,
  slider,
  size = COMPARE_SIZE,
}: {
  before: string;
  after: string;
  texts: CompareTexts;
  slider: UseReactCompareSliderReturn;
  size?: CompareSize;
}) {
  const { token } = theme.useToken();
  return (
    <div onKeyDown={keepArrowKeys} style={{ width: '100%', maxWidth: size.width }}>
      <CompareSlider.Provider {...slider}>
        <CompareSlider.Root
          style={{
            width: '100%',
            maxHeight: size.height,
            aspectRatio: `${size.width} / ${size.height}`,
            // Pictures of another shape are shown whole, on a quiet background.
            background: token.colorFillTertiary,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <CompareSlider.Item item="itemOne">
            <CompareSlider.Image src={before} alt={texts.before} style={{ objectFit: 'contain' }} />
          </CompareSlider.Item>
          <CompareSlider.Item item="itemTwo">
            <CompareSlider.Image src={after} alt={texts.after} style={{ objectFit: 'contain' }} />
          </CompareSlider.Item>
          <CompareSlider.HandleRoot aria-label={texts.compare}>
            <CompareSlider.Handle />
          </CompareSlider.HandleRoot>
          <span aria-hidden style={cornerLabel('left')}>
            {texts.before}
          </span>
          <span aria-hidden style={cornerLabel('right')}>
            {texts.after}
          </span>
        </CompareSlider.Root>
      </CompareSlider.Provider>
    </div>
  );
}

/** The comparison's place while its pictures load. */
function ComparisonLoading({ size }: { size: CompareSize }) {
  const { token } = theme.useToken();
  return (
    <div
      aria-busy="true"
      style={{
        width: '100%',
        maxWidth: size.width,
        maxHeight: size.height,
        aspectRatio: `${size.width} / ${size.height}`,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadiusLG,
      }}
    />
  );
}
