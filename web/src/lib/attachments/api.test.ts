import { describe, expect, it } from 'vitest';
import { attachmentName, fileSize } from './api';

describe('attachment names and sizes', () => {
  it('keeps a name the server takes (200 characters), extension included', () => {
    expect(attachmentName('roof.jpg')).toBe('roof.jpg');
    expect(attachmentName('   ')).toBe('file');
    const long = `${'a'.repeat(300)}.jpeg`;
    expect(attachmentName(long)).toHaveLength(200);
    expect(attachmentName(long).endsWith('.jpeg')).toBe(true);
  });

  it('shows sizes as people read them', () => {
    expect(fileSize(300, 'en-GB')).toBe('1 KB');
    expect(fileSize(820 * 1024, 'en-GB')).toBe('820 KB');
    expect(fileSize(3.4 * 1024 * 1024, 'en-GB')).toBe('3.4 MB');
    expect(fileSize(12 * 1024 * 1024, 'en-GB')).toBe('12 MB');
  });
});
