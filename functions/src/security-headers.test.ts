import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, webContentSecurityPolicy } from './security-headers.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the web app policy', () => {
  it('hashes each inline script exactly as written, and never a script loaded from a file', () => {
    const theme = '\n      var theme = null;\n    ';
    const html = `<head><script>${theme}</script><script id="early">(() => 1)()</script>
      <script type="module" crossorigin src="/assets/index-B1.js"></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha(theme), sha('(() => 1)()')]);
  });

  it('lets only the app and its hashed inline scripts run, and is never framed', () => {
    const csp = webContentSecurityPolicy({ scriptHashes: [sha('x')] });
    expect(csp).toContain(`script-src 'self' ${sha('x')};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('allows a configured map style host to be fetched, with its images', () => {
    const csp = webContentSecurityPolicy({
      scriptHashes: [],
      mapStyleUrl: 'https://tiles.example.com/style.json',
    });
    expect(csp).toContain("connect-src 'self' https://tiles.example.com;");
    expect(csp).toContain("img-src 'self' data: blob: https: https://tiles.example.com;");
  });
});
