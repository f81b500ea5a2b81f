/**
 * One error type for every refusal a user can see. `code` is a message key from the spec's
 * error catalogue (or one of ours, listed in `messages.ts`); `params` fill its text. `kind` maps
 * to an HTTP status in one table (`statusOf`), so domain code never thinks about HTTP; the API
 * answers with that status and the web reads the answer back into the same type
 * (`errorFromAnswer`).
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'unavailable'
  /** A fault on the server (500): the API never says more about it. */
  | 'internal'
  /** The request got no answer at all (no signal, server down): the web's own kind, status 0. */
  | 'offline';

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
/** No answer from the API (the web's client, when fetch itself fails). */
export const offline = (params?: ErrorParams) => new AppError('offline', 'app.offline', params);

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** The one table from error kind to HTTP status, used by every endpoint and read back by the web. */
const STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  internal: 500,
  unavailable: 503,
  offline: 0,
} as const satisfies Record<ErrorKind, number>;

export type ErrorStatus = (typeof STATUS)[ErrorKind];

export function statusOf(error: AppError): ErrorStatus {
  return STATUS[error.kind];
}

/**
 * The kind of an HTTP answer's status: the table read backwards, and for statuses it does not
 * list, a timeout (408) or a gateway's fault (5xx) is the server's side, any other 4xx the request's.
 */
export function kindOfStatus(status: number): ErrorKind {
  const listed = (Object.keys(STATUS) as ErrorKind[]).find((k) => STATUS[k] === status);
  if (listed) return listed;
  if (status === 408) return 'unavailable';
  return status >= 500 ? 'internal' : 'validation';
}

/** An error answer (`{ code, params }` with its status) as an AppError; a body that is not one gets a general code. */
export function errorFromAnswer(status: number, body: unknown): AppError {
  const answer = body && typeof body === 'object' ? (body as { code?: unknown; params?: unknown }) : {};
  if (typeof answer.code === 'string') {
    const params = answer.params && typeof answer.params === 'object' ? (answer.params as ErrorParams) : {};
    return new AppError(kindOfStatus(status), answer.code, params);
  }
  return new AppError(kindOfStatus(status), status >= 500 ? 'general.server-error' : 'general.error');
}

/** The wire shape of every error answer: `{ code, params }`. */
export interface ErrorBody {
  code: string;
  params: ErrorParams;
}
