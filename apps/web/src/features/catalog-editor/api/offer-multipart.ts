/** The three pictures of a service or an option; a missing one is not sent. */
export interface OfferImages {
  image: File | null;
  before: File | null;
  after: File | null;
}

export const NO_IMAGES: OfferImages = { image: null, before: null, after: null };

/** The multipart body of a service or option call: `data` as JSON, then the chosen pictures. */
export function offerMultipart(data: unknown, images: OfferImages): FormData {
  const body = new FormData();
  // The JSON part goes first so a streaming server has it before the files.
  body.append('data', JSON.stringify(data));
  if (images.image) body.append('image', images.image);
  if (images.before) body.append('before', images.before);
  if (images.after) body.append('after', images.after);
  return body;
}
