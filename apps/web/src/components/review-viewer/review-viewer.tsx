import { BlockOutlined, DiffOutlined, SwapOutlined, ZoomInOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useReactCompareSlider } from 'react-compare-slider/hooks';
import {
  COMPARE_MAX_HEIGHT,
  COMPARE_MAX_WIDTH,
  ControlledComparison,
  ExpiredPicture,
} from '../before-after-slider';
import { BlinkControls, BlinkView } from './blink-view';
import { DifferenceView } from './difference-view';
import { LoupeView, type LoupeHandle } from './loupe-view';
import { ReviewViewerText, type ReviewViewerTexts } from './review-viewer-texts';
import { useBlink } from './use-blink';

type ViewMode = 'slider' | 'blink' | 'difference' | 'loupe';

interface ModeEntry {
  mode: ViewMode;
  /** The mode's keys: a digit and a letter, as the help names them. */
  digit: string;
  letter: string;
  icon: ReactNode;
}

const MODES: readonly ModeEntry[] = [
  { mode: 'slider', digit: '1', letter: 'S', icon: <SwapOutlined aria-hidden /> },
  { mode: 'blink', digit: '2', letter: 'B', icon: <BlockOutlined aria-hidden /> },
  { mode: 'difference', digit: '3', letter: 'D', icon: <DiffOutlined aria-hidden /> },
  { mode: 'loupe', digit: '4', letter: 'L', icon: <ZoomInOutlined aria-hidden /> },
];

function modeOfKey(event: KeyboardEvent): ViewMode | null {
  const key = event.key.toUpperCase();
  // The keys' places count too (`code`), so that the letters work in any keyboard layout.
  const entry = MODES.find(
    ({ digit, letter }) =>
      [digit, letter].includes(key) ||
      [`Digit${digit}`, `Numpad${digit}`, `Key${letter}`].includes(event.code),
  );
  return entry?.mode ?? null;
}

/** How far an arrow moves the divider (percent) and the loupe (CSS pixels); with Shift, the larger. */
const SLIDER_STEP = { normal: 5, large: 20 };
const LOUPE_STEP = { normal: 10, large: 50 };
const FORWARD_ARROWS = new Set(['ArrowRight', 'ArrowUp']);
const BACKWARD_ARROWS = new Set(['ArrowLeft', 'ArrowDown']);

interface ReviewViewerProps {
  /** Null once the picture was deleted: the placeholder shows instead of the viewer. */
  before: string | null;
  after: string | null;
  /** English on the customer side (the default); the back office passes `ReviewViewerText.staff`. */
  texts?: ReviewViewerTexts;
}

/**
 * The original against the result, four ways: the before/after slider, blinking between them, a heat
 * map of their difference and a loupe at 1:1. Each mode has a button and keys (named in the help under
 * the picture); the arrows move the divider or the loupe.
 */
export function ReviewViewer({ before, after, texts = ReviewViewerText.customer }: ReviewViewerProps) {
  if (before === null || after === null) return <ExpiredPicture text={texts.expired} />;
  return <Viewer before={before} after={after} texts={texts} />;
}

function Viewer({ before, after, texts }: { before: string; after: string; texts: ReviewViewerTexts }) {
  const { token } = theme.useToken();
  const [mode, setMode] = useState<ViewMode>('slider');
  const slider = useReactCompareSlider();
  const blink = useBlink(mode === 'blink');
  const loupe = useRef<LoupeHandle>(null);
  const blinkControls = useRef<HTMLDivElement>(null);
  const helpId = useId();

  const moveByArrow = (key: string, large: boolean): boolean => {
    if (mode === 'loupe')
      return loupe.current?.nudge(key, large ? LOUPE_STEP.large : LOUPE_STEP.normal) ?? false;
    if (mode !== 'slider') return false;
    const direction = FORWARD_ARROWS.has(key) ? 1 : BACKWARD_ARROWS.has(key) ? -1 : 0;
    if (direction === 0) return false;
    const step = large ? SLIDER_STEP.large : SLIDER_STEP.normal;
    slider.setPosition(Math.min(100, Math.max(0, slider.position.current + direction * step)));
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const chosen = modeOfKey(event);
    if (chosen) {
      event.preventDefault();
      setMode(chosen);
    } else if (event.key === ' ' && mode === 'blink') {
      // The pause and switch buttons answer Space themselves.
      if (blinkControls.current?.contains(event.target as Node)) return;
      event.preventDefault();
      if (blink.reducedMotion) blink.switchPicture();
      else blink.togglePause();
    } else if (moveByArrow(event.key, event.shiftKey)) {
      event.preventDefault();
      // The portfolio's carousel listens to the arrows on the whole document.
      event.stopPropagation();
    }
  };

  const label = (entry: ViewMode) => texts[entry];
  return (
    <section
      aria-label={texts.viewer}
      onKeyDown={onKeyDown}
      style={{ width: '100%', maxWidth: COMPARE_MAX_WIDTH }}
    >
      <Flex vertical gap="small">
        <Flex gap="small" wrap align="center" justify="space-between">
          <Flex role="group" aria-label={texts.modes} gap={4} wrap>
            {MODES.map((entry) => (
              <Button
                key={entry.mode}
                type={entry.mode === mode ? 'primary' : 'default'}
                icon={entry.icon}
                aria-pressed={entry.mode === mode}
                aria-keyshortcuts={`${entry.digit} ${entry.letter}`}
                onClick={() => setMode(entry.mode)}
              >
                {label(entry.mode)}
              </Button>
            ))}
          </Flex>
          {mode === 'blink' && (
            <div ref={blinkControls}>
              <BlinkControls blink={blink} texts={texts} />
            </div>
          )}
        </Flex>
        {mode === 'slider' ? (
          <ControlledComparison before={before} after={after} texts={texts} slider={slider} />
        ) : (
          <div
            role="group"
            aria-label={label(mode)}
            aria-describedby={helpId}
            tabIndex={0}
            style={{
              position: 'relative',
              width: '100%',
              maxHeight: COMPARE_MAX_HEIGHT,
              aspectRatio: `${COMPARE_MAX_WIDTH} / ${COMPARE_MAX_HEIGHT}`,
              background: token.colorFillTertiary,
              borderRadius: token.borderRadiusLG,
              // The loupe's lens may stand out of the box, above a finger near its top.
              overflow: mode === 'loupe' ? 'visible' : 'hidden',
            }}
          >
            {mode === 'blink' && (
              <BlinkView before={before} after={after} shown={blink.shown} texts={texts} />
            )}
            {mode === 'difference' && <DifferenceView before={before} after={after} texts={texts} />}
            {mode === 'loupe' && <LoupeView ref={loupe} picture={after} texts={texts} />}
          </div>
        )}
        {mode === 'loupe' && <Typography.Text type="secondary">{texts.loupeHint}</Typography.Text>}
        <Typography.Text id={helpId} type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {texts.help}
        </Typography.Text>
      </Flex>
    </section>
  );
}
