/** Minimum password length (customer-side section 9). */
export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound we accept for a password, so hashing stays cheap. */
export const MAX_PASSWORD_LENGTH = 128;
/** Seconds between two confirmation e-mails. */
export const CONFIRMATION_RESEND_COOLDOWN_SECONDS = 60;
/** Registration bonus in bonus tokens. */
export const REGISTRATION_BONUS_TOKENS = 20;
/** Hours a confirmation link stays valid. */
export const CONFIRMATION_LINK_TTL_HOURS = 48;
/** Days a login session lasts. */
export const SESSION_TTL_DAYS = 30;
/** Name of the session cookie. */
export const SESSION_COOKIE = 'retouch_session';
/** Maximum length of a given or family name. */
export const MAX_NAME_LENGTH = 64;
/** Largest avatar upload in bytes. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Largest image upload in bytes (originals, results). */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** Most pixels an uploaded image may declare (about 64 megapixels): larger ones are refused as pixel bombs. */
export const MAX_IMAGE_PIXELS = 8000 * 8000;
/**
 * The picture formats the server decodes (sharp's names; it judges a file by its content), with the MIME
 * types and file endings a browser gives them: what an avatar or a catalogue picture may be.
 */
export const IMAGE_FORMATS = [
  { format: 'jpeg', mime: 'image/jpeg', endings: ['.jpg', '.jpeg'] },
  { format: 'png', mime: 'image/png', endings: ['.png'] },
  { format: 'webp', mime: 'image/webp', endings: ['.webp'] },
  { format: 'gif', mime: 'image/gif', endings: ['.gif'] },
  { format: 'avif', mime: 'image/avif', endings: ['.avif'] },
  { format: 'tiff', mime: 'image/tiff', endings: ['.tif', '.tiff'] },
  { format: 'heif', mime: 'image/heic', endings: ['.heic'] },
  { format: 'heif', mime: 'image/heif', endings: ['.heif'] },
] as const;
/** Side of the stored avatar in pixels. */
export const AVATAR_SIZE = 256;
/** Marker contained in the picture path of a generated avatar (customer-side section 3). */
export const GENERATED_AVATAR_MARKER = 'generated-avatar';
/** Status the web app silently retries (customer-side section 7). */
export const RETRY_STATUS = 418;
/** Pause before the first repeat of a 418 answer; each further repeat waits twice as long (in ms). */
export const SILENT_RETRY_FIRST_DELAY_MS = 250;
/** Longest pause between two repeats of a 418 answer, which are repeated until they succeed (in ms). */
export const SILENT_RETRY_MAX_DELAY_MS = 10_000;
/** The order details' base picture at most, in px (back office section 9: "base at most 800x500"). */
export const BASE_PICTURE_MAX_SIZE = { width: 800, height: 500 } as const;
/** How long pictures and the carousel wait for their images before they show anyway, in ms (both section 9). */
export const IMAGE_LOAD_TIMEOUT_MS = 500;
/** Name every downloaded picture is saved under (customer side section 2: "file name image.jpg"). */
export const PICTURE_DOWNLOAD_NAME = 'image.jpg';
/** Socket.io path on the host. */
export const SOCKET_PATH = '/ws/socket.io';
/** Socket reconnection delay in ms. */
export const SOCKET_RECONNECT_DELAY_MS = 500;
/** Connect errors after which the client gives up. */
export const SOCKET_MAX_CONNECT_ERRORS = 5;
/** Version label of the admin sidebar. */
export const ADMIN_VERSION_LABEL = '0.5';
/** Breakpoints of both specifications, in px. */
export const BREAKPOINTS = { mobile: 900, mobileButtons: 500, wide: 990, narrow: 520, canvas: 720 } as const;

/** Page sizes of the admin tables (back office section 9). */
export const ADMIN_PAGE_SIZES = [5, 10, 20] as const;
/** Default page size of the admin tables (back office section 9). */
export const DEFAULT_ADMIN_PAGE_SIZE = 20;
