/**
 * One error type for every refusal a user can see. `code` is a message key from the spec's
 * error catalogue (or one of ours, listed in `messages.ts`); `params` fill its text. The API maps
 * `kind` to an HTTP status in one table, so domain code never thinks about HTTP.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'unavailable';

export type ErrorParams = Record<string, string | number | boolean | string[] | undefined>;

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    readonly params: ErrorParams = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const validation = (code: string, params?: ErrorParams) => new AppError('validation', code, params);
export const notFound = (code = 'general.not-found', params?: ErrorParams) =>
  new AppError('not-found', code, params);
export const forbidden = (code: string, params?: ErrorParams) => new AppError('forbidden', code, params);
export const conflict = (code = 'general.conflict', params?: ErrorParams) =>
  new AppError('conflict', code, params);

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** The wire shape of every error answer: `{ code, params }`. */
export interface ErrorBody {
  code: string;
  params: ErrorParams;
}
