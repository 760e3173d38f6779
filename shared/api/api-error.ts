/**
 * The one error type every failed call becomes (DESIGN §5): HTTP status, the server's `status` and
 * `code`, the message to show, the raw `data`, and per-field messages for `validation_error`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code: string,
    readonly status: string | null = null,
    readonly data: unknown = null,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
