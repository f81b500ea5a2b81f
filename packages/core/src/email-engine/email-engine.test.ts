import { describe, expect, it } from 'vitest';
import { autoConfig } from './auto-config.ts';
import { quotaLevel } from './quota.ts';
import { MailServer } from './schema.ts';

describe('auto-configuration by address', () => {
  it('guesses smtp./imap. of the domain on 465 and 993 with TLS', () => {
    expect(autoConfig(' Sam@Example.co.uk ')).toEqual({
      smtp: { server: 'smtp.example.co.uk', port: 465, tls: true },
      imap: { server: 'imap.example.co.uk', port: 993, tls: true },
    });
  });
  it('knows the big providers, aliases included', () => {
    expect(autoConfig('a@googlemail.com')?.imap.server).toBe('imap.gmail.com');
    expect(autoConfig('a@hotmail.co.uk')?.smtp).toEqual({
      server: 'smtp-mail.outlook.com',
      port: 587,
      tls: false,
    });
  });
  it('answers nothing for an address that is not valid', () => {
    expect(autoConfig('sam@')).toBeUndefined();
    expect(autoConfig('not an address')).toBeUndefined();
  });
});

describe('the quota levels', () => {
  it('is fine under 80 %, warns from 80 %, errs over 90 %', () => {
    expect(quotaLevel(79, 100)).toBe('ok');
    expect(quotaLevel(80, 100)).toBe('warning');
    expect(quotaLevel(90, 100)).toBe('warning');
    expect(quotaLevel(91, 100)).toBe('error');
    expect(quotaLevel(5, 0)).toBe('ok');
  });
});

describe('the server form', () => {
  it('needs user, password, server and a numeric port; TLS on by default', () => {
    const r = MailServer.safeParse({ auth: { user: '', pass: '' }, host: '', port: 'x' });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'email-engine.user-required',
        'email-engine.pass-required',
        'email-engine.host-required',
        'email-engine.port-numeric',
      ]),
    );
    expect(
      MailServer.parse({ auth: { user: 'a', pass: 'b' }, host: 'imap.x.com', port: '993' }),
    ).toMatchObject({
      port: 993,
      secure: true,
    });
  });
});
