import path from 'node:path';
import sharp from 'sharp';

/** One face: NASA's portrait of Eileen Collins, public domain (fixtures/faces/README.md). */
export const ASTRONAUT_JPEG = path.join(import.meta.dirname, '../fixtures/faces/astronaut.jpg');

interface GroupLayout {
  width: number;
  height: number;
  columns: number;
  rows: number;
}

/**
 * A JPEG group photo of `columns` × `rows` faces on grey: the astronaut's portrait, every other one
 * mirrored and set lower, so the faces are not copies in a straight row.
 */
export async function groupPhoto({ width, height, columns, rows }: GroupLayout): Promise<Buffer> {
  const tile = Math.floor(Math.min(width / columns, height / rows));
  const face = await sharp(ASTRONAUT_JPEG).resize(tile, tile).toBuffer();
  const mirrored = await sharp(face).flop().toBuffer();
  const gapX = Math.floor((width - columns * tile) / (columns + 1));
  const lowered = Math.floor((height - rows * tile) / 2);
  const tiles = Array.from({ length: columns * rows }, (_, index) => {
    const column = index % columns;
    const row = Math.floor(index / columns);
    return {
      input: column % 2 ? mirrored : face,
      left: gapX + column * (tile + gapX),
      top: row * tile + (column % 2 ? lowered : 0),
    };
  });
  return sharp({ create: { width, height, channels: 3, background: '#777' } })
    .composite(tiles)
    .jpeg({ quality: 85 })
    .toBuffer();
}
