import { CaretRightOutlined, PauseOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { cornerLabel } from '../before-after-slider';
import type { ReviewViewerTexts } from './review-viewer-texts';
import type { Blink, BlinkPicture } from './use-blink';

const layer: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
};

/** Both pictures stacked, one shown: switching shows a loaded picture at once, with no flash. */
export function BlinkView({
  before,
  after,
  shown,
  texts,
}: {
  before: string;
  after: string;
  shown: BlinkPicture;
  texts: ReviewViewerTexts;
}) {
  const pictures = [
    { picture: 'before', src: before, alt: texts.before },
    { picture: 'after', src: after, alt: texts.after },
  ] as const;
  return (
    <>
      {pictures.map(({ picture, src, alt }) => (
        <img
          key={picture}
          src={src}
          alt={alt}
          aria-hidden={picture !== shown}
          draggable={false}
          style={{ ...layer, visibility: picture === shown ? 'visible' : 'hidden' }}
        />
      ))}
      <span aria-hidden style={cornerLabel('left')}>
        {shown === 'before' ? texts.before : texts.after}
      </span>
    </>
  );
}

/** Pause and play, the switch by hand once paused (or always, with reduced motion), and why. */
export function BlinkControls({ blink, texts }: { blink: Blink; texts: ReviewViewerTexts }) {
  return (
    <Flex gap="small" wrap align="center">
      {!blink.reducedMotion && (
        <Button
          icon={blink.paused ? <CaretRightOutlined aria-hidden /> : <PauseOutlined aria-hidden />}
          onClick={blink.togglePause}
        >
          {blink.paused ? texts.resume : texts.pause}
        </Button>
      )}
      {blink.manual && (
        <Button icon={<SwapOutlined aria-hidden />} onClick={blink.switchPicture}>
          {blink.shown === 'after' ? texts.showBefore : texts.showAfter}
        </Button>
      )}
      {blink.reducedMotion && <Typography.Text type="secondary">{texts.reducedMotion}</Typography.Text>}
    </Flex>
  );
}
