import { PICTURE_DOWNLOAD_NAME } from '@retouch/shared/constants';

/**
 * Fetches a picture from the host path as a blob and saves it as image.jpg; a failure is only logged
 * (customer side sections 2 and 7, back office sections 7 and 8).
 */
export async function downloadPicture(url: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Download of ${url} answered ${response.status}`);
    const objectUrl = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = PICTURE_DOWNLOAD_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(objectUrl);
  } catch (error) {
    console.error(error);
  }
}
