import { PictureOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';

const WIDTH = 64;
const HEIGHT = 48;

/** The small picture of a list row; decorative, the title is in the next cell. */
export function OfferThumbnail({ src }: { src: string }) {
  const { token } = theme.useToken();
  const box = { width: WIDTH, height: HEIGHT, borderRadius: token.borderRadiusSM };
  if (!src) {
    return (
      <Flex align="center" justify="center" style={{ ...box, background: token.colorFillTertiary }}>
        <PictureOutlined aria-hidden />
      </Flex>
    );
  }
  return <img src={src} alt="" width={WIDTH} height={HEIGHT} style={{ ...box, objectFit: 'cover' }} />;
}
