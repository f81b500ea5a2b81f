import type { AppError } from '@roundwise/core';

/** One table from error kind to HTTP status, used by every endpoint. */
export function statusOf(error: AppError): 400 | 401 | 403 | 404 | 409 | 429 | 503 {
  const table = {
    validation: 400,
    unauthenticated: 401,
    forbidden: 403,
    'not-found': 404,
    conflict: 409,
    'rate-limited': 429,
    unavailable: 503,
  } as const;
  return table[error.kind];
}
