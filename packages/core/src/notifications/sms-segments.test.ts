import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments.ts';

describe('smsSegments', () => {
  it.each([
    // text, segments, encoding, units
    ['', 0, 'GSM-7', 0],
    ['Hello', 1, 'GSM-7', 5],
    ['a'.repeat(160), 1, 'GSM-7', 160],
    ['a'.repeat(161), 2, 'GSM-7', 161],
    ['a'.repeat(306), 2, 'GSM-7', 306],
    ['a'.repeat(307), 3, 'GSM-7', 307],
    ['€'.repeat(80), 1, 'GSM-7', 160], // the extension table takes two septets each
    ['€'.repeat(81), 2, 'GSM-7', 162],
    [`${'a'.repeat(152)}€${'a'.repeat(152)}`, 3, 'GSM-7', 306], // the escape pair is not split: 152 | €+151 | 1
    ['£5 @ Café, ÄÖÑÜ ¿¡ §', 1, 'GSM-7', 20],
    ['Hi Ann 😀', 1, 'UCS-2', 9], // the emoji is two code units
    ['ç'.repeat(70), 1, 'UCS-2', 70], // lower-case c cedilla is not in GSM-7 (only Ç is)
    ['ç'.repeat(71), 2, 'UCS-2', 71],
    ['ç'.repeat(134), 2, 'UCS-2', 134],
    ['ç'.repeat(135), 3, 'UCS-2', 135],
    [`${'a'.repeat(66)}😀${'a'.repeat(10)}`, 2, 'UCS-2', 78], // the surrogate pair starts part 2
    ['“Smart quotes”', 1, 'UCS-2', 14],
  ] as const)('%j -> %i part(s) %s (%i units)', (text, segments, encoding, units) => {
    const r = smsSegments(text);
    expect([r.segments, r.encoding, r.units]).toEqual([segments, encoding, units]);
  });

  it('names the characters that force UCS-2, once each, in order', () => {
    expect(smsSegments('Thanks “Ann” – see you ç ç').ucs2Characters).toEqual(['“', '”', '–', 'ç']);
    expect(smsSegments('Plain text {ok}').ucs2Characters).toEqual([]);
  });

  it('says how many units the last part has left', () => {
    expect(smsSegments('a'.repeat(150))).toMatchObject({ perSegment: 160, remaining: 10 });
    expect(smsSegments('a'.repeat(200))).toMatchObject({ perSegment: 153, remaining: 106 });
    expect(smsSegments('ç'.repeat(80))).toMatchObject({ perSegment: 67, remaining: 54 });
  });
});
