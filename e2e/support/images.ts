import sharp from 'sharp';

/** A solid-colour PNG of `size` x `size` pixels, for upload steps. */
export function solidPng(size: number, rgb: readonly [number, number, number]): Promise<Buffer> {
  const [r, g, b] = rgb;
  return sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}
