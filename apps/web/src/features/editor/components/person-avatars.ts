/** Colours of the nine avatars: dark enough for the white figure, told apart from each other. */
const AVATAR_COLOURS = [
  '#0958d9',
  '#c41d7f',
  '#389e0d',
  '#d46b08',
  '#531dab',
  '#08979c',
  '#cf1322',
  '#1d39c4',
  '#5b8c00',
] as const;

const avatarSvg = (colour: string) =>
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>" +
  `<circle cx='32' cy='32' r='32' fill='${colour}'/>` +
  "<circle cx='32' cy='24' r='11' fill='#fff'/>" +
  "<path d='M12 54c2-11 10-18 20-18s18 7 20 18z' fill='#fff'/></svg>";

/** The nine avatar images of the persons on the photo (customer side section 9: "person avatars use 9 images"). */
const PERSON_AVATARS: readonly string[] = AVATAR_COLOURS.map(
  (colour) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(avatarSvg(colour))}`,
);

/** The avatar of the person at `index` of the persons (0 is the photo itself, 1 to 9 the added ones). */
export function personAvatar(index: number): string {
  const count = PERSON_AVATARS.length;
  return PERSON_AVATARS[(((index - 1) % count) + count) % count]!;
}
