/**
 * Fetches a picture as a blob and saves it under `fileName` (back office section 7). A failure is only
 * logged (section 8).
 */
export async function downloadPicture(url: string, fileName: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Download of ${url} answered ${response.status}`);
    const objectUrl = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(objectUrl);
  } catch (error) {
    console.error(error);
  }
}

/** A file name for an order's picture: the role and the extension of the stored file. */
export function pictureFileName(orderId: string, role: string, url: string): string {
  const extension = /\.([a-z0-9]+)(?:\?|$)/i.exec(url)?.[1] ?? 'jpg';
  return `order-${orderId}-${role}.${extension}`;
}
