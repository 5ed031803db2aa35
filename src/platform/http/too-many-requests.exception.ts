import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 whose answer carries Retry-After (seconds); the error filter writes the header. */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
