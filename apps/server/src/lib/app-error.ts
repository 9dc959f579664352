import { ServerText } from '@retouch/shared/texts';

/**
 * A message built in place, in the customer side's English and the back office's Russian. Fixed
 * texts need no pair: the back office's words of a shared text are found by `lib/answer-language`.
 */
export interface BilingualMessage {
  customer: string;
  backOffice: string;
}

/** The one error type of the server: an HTTP status and the message the client sees. */
export class AppError extends Error {
  /** The back office's words for a message built in place; undefined for a fixed text. */
  readonly backOfficeMessage?: string;

  constructor(
    readonly statusCode: number,
    message: string | BilingualMessage,
    /** Detail for the log only; never sent to the client. */
    readonly internal?: string,
  ) {
    super(typeof message === 'string' ? message : message.customer);
    this.name = 'AppError';
    if (typeof message !== 'string') this.backOfficeMessage = message.backOffice;
  }

  static badRequest(message: string | BilingualMessage = ServerText.invalidRequest) {
    return new AppError(400, message);
  }
  static unauthorized(message: string = ServerText.notAuthenticated) {
    return new AppError(401, message);
  }
  static forbidden(message: string = ServerText.forbidden) {
    return new AppError(403, message);
  }
  static notFound(message: string = ServerText.notFound) {
    return new AppError(404, message);
  }
  static conflict(message: string) {
    return new AppError(409, message);
  }
  static tooManyRequests(message: string = ServerText.tooManyRequests) {
    return new AppError(429, message);
  }
}
