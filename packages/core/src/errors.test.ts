import { describe, expect, it } from 'vitest';
import { AppError, type ErrorKind, errorFromAnswer, kindOfStatus, statusOf } from './errors.ts';

describe('the kind-to-status table', () => {
  it('answers each kind with its status, and reads each status back as its kind', () => {
    const table: [ErrorKind, number][] = [
      ['validation', 400],
      ['unauthenticated', 401],
      ['forbidden', 403],
      ['not-found', 404],
      ['conflict', 409],
      ['rate-limited', 429],
      ['internal', 500],
      ['unavailable', 503],
      ['offline', 0],
    ];
    for (const [kind, status] of table) {
      expect(statusOf(new AppError(kind, 'x'))).toBe(status);
      expect(kindOfStatus(status)).toBe(kind);
    }
  });

  it('reads statuses the table does not list: 408 and 5xx are the server side, other 4xx the request', () => {
    expect([408, 502, 504, 413, 415, 422].map(kindOfStatus)).toEqual([
      'unavailable',
      'internal',
      'internal',
      'validation',
      'validation',
      'validation',
    ]);
  });

  it('keeps an answer its code and params, and gives a general code to a body that is not one', () => {
    expect(
      errorFromAnswer(403, { code: 'access.level-required', params: { level: 'Advanced' } }),
    ).toMatchObject({
      kind: 'forbidden',
      code: 'access.level-required',
      params: { level: 'Advanced' },
    });
    expect(errorFromAnswer(502, '<html>').code).toBe('general.server-error');
    expect(errorFromAnswer(400, { message: 'x' }).code).toBe('general.error');
  });
});
