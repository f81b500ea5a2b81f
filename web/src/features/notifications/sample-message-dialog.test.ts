// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sampleDocument, textAsHtml } from './sample-message-dialog';

describe('the sample message (spec 000 section 2.6)', () => {
  it('sanitises an email: no script, handler or javascript link survives', () => {
    const doc = sampleDocument(
      '<p onclick="steal()">Hello <img src=x onerror="steal()"><a href="javascript:steal()">pay</a></p><script>steal()</script><form action="/x"><input></form>',
      true,
    );
    expect(doc).toContain('Hello');
    expect(doc).toContain('class="mail"');
    expect(doc).not.toMatch(/script|onclick|onerror|javascript:|<form/i);
  });

  it('shows a plain message as its text, escaped, with its line breaks', () => {
    expect(textAsHtml('Hi <b>Ann</b>\nSee you')).toBe('Hi &lt;b&gt;Ann&lt;/b&gt;<br>See you');
    expect(sampleDocument(textAsHtml('a\nb'), false)).not.toContain('class="mail"');
  });
});
