/** An answer of the API outside 2xx; `message` is the server's `{message}` or empty when it sent none. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}
