import { ServerText } from '@retouch/shared/texts';

/** The one error type of the server: an HTTP status and the message the client sees. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Detail for the log only; never sent to the client. */
    readonly internal?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string = ServerText.invalidRequest) {
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
