/**
 * Plain validators for the routes' search parameters (`validateSearch`), so the route table in the
 * entry does not bring zod (26 KB gzipped) to the sign-in page. A value of the wrong kind is
 * dropped, never an error: the router parses `?token=123` as the number 123, which is no token.
 */

/** A string that passes `ok`, or undefined. */
export function optionalString(value: unknown, ok: (s: string) => boolean = () => true): string | undefined {
  return typeof value === 'string' && ok(value) ? value : undefined;
}

/** One of `options`, or undefined. */
export function optionalOneOf<T extends string | boolean>(
  value: unknown,
  options: readonly T[],
): T | undefined {
  return options.includes(value as T) ? (value as T) : undefined;
}
