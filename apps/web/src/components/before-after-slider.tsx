import * as CompareSlider from 'react-compare-slider/components';
import { useReactCompareSlider } from 'react-compare-slider/hooks';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { keepArrowKeys } from '@/lib/keep-arrow-keys';

/** Labels of the comparison (customer side, English). */
export const CompareText = {
  before: 'Before',
  after: 'After',
  compare: 'Before and after: use the arrow keys to move the divider',
} as const;

/** Size of the comparison at most (back-office section 9: comparison 700x400). */
const COMPARE_MAX_WIDTH = 700;
const COMPARE_MAX_HEIGHT = 400;

const cornerLabel = (side: 'left' | 'right'): CSSProperties => ({
  position: 'absolute',
  top: 8,
  [side]: 8,
  zIndex: 2,
  padding: '2px 8px',
  borderRadius: 4,
  background: 'rgba(0, 0, 0, 0.55)',
  color: '#fff',
  fontSize: 12,
  pointerEvents: 'none',
});

interface BeforeAfterSliderProps {
  before: string;
  after: string;
}

/** The picture before and after the retouch, split by a divider one drags or moves with the arrow keys. */
export function BeforeAfterSlider({ before, after }: BeforeAfterSliderProps) {
  const { token } = theme.useToken();
  const slider = useReactCompareSlider();
  return (
    <div onKeyDown={keepArrowKeys} style={{ width: '100%', maxWidth: COMPARE_MAX_WIDTH }}>
      <CompareSlider.Provider {...slider}>
        <CompareSlider.Root
          style={{
            width: '100%',
            maxHeight: COMPARE_MAX_HEIGHT,
            aspectRatio: `${COMPARE_MAX_WIDTH} / ${COMPARE_MAX_HEIGHT}`,
            // Pictures of another shape are shown whole, on a quiet background.
            background: token.colorFillTertiary,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <CompareSlider.Item item="itemOne">
            <CompareSlider.Image src={before} alt={CompareText.before} style={{ objectFit: 'contain' }} />
          </CompareSlider.Item>
          <CompareSlider.Item item="itemTwo">
            <CompareSlider.Image src={after} alt={CompareText.after} style={{ objectFit: 'contain' }} />
          </CompareSlider.Item>
          <CompareSlider.HandleRoot aria-label={CompareText.compare}>
            <CompareSlider.Handle />
          </CompareSlider.HandleRoot>
          <span aria-hidden style={cornerLabel('left')}>
            {CompareText.before}
          </span>
          <span aria-hidden style={cornerLabel('right')}>
            {CompareText.after}
          </span>
        </CompareSlider.Root>
      </CompareSlider.Provider>
    </div>
  );
}
