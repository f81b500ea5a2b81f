import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createHttpPhotoProvider } from './http-photos.ts';
import { localPhotoFile, localPhotos, SCENES } from './local-photos.ts';

describe('the local photo provider', () => {
  const provider = localPhotos('http://localhost:3000/');

  it('finds scenes by their words, absolute addresses a mail client can load', async () => {
    const { photos, total } = await provider.search('sea', 1);
    expect(total).toBe(1);
    expect(photos[0]).toMatchObject({
      id: 'sea',
      url: 'http://localhost:3000/api/photos/local/sea.png',
      thumbUrl: 'http://localhost:3000/api/photos/local/sea-thumb.png',
    });
    expect((await provider.search('', 1)).total).toBe(SCENES.length);
    expect((await provider.search('bananas', 1)).photos).toEqual([]);
  });

  it('serves real landscape PNGs, and nothing for other names', () => {
    const png = localPhotoFile('sea') as Buffer;
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([960, 540]);
    const thumb = localPhotoFile('sea-thumb') as Buffer;
    expect([thumb.readUInt32BE(16), thumb.readUInt32BE(20)]).toEqual([320, 180]);
    // The pixel data inflates to a row of 3 bytes a pixel (and a filter byte) per line.
    const idat = thumb.subarray(41, 41 + thumb.readUInt32BE(33));
    expect(inflateSync(idat).length).toBe((320 * 3 + 1) * 180);
    expect(localPhotoFile('unknown')).toBeUndefined();
  });
});

describe('the photo service over HTTP', () => {
  it('asks for landscape photos with the key, and maps the answer', async () => {
    const asked: { url: string; auth: string }[] = [];
    const provider = createHttpPhotoProvider({
      url: 'https://photos.example/',
      apiKey: 'k1',
      fetch: (async (url: string, init: RequestInit) => {
        asked.push({ url, auth: (init.headers as Record<string, string>).authorization as string });
        return Response.json({
          total: 1,
          results: [
            {
              id: 'p1',
              width: 4000,
              height: 3000,
              description: null,
              alt_description: 'A ladder',
              urls: { small: 'https://img.example/s', regular: 'https://img.example/r' },
              user: { name: 'Ann', links: { html: 'https://photos.example/@ann' } },
            },
          ],
        });
      }) as typeof fetch,
    });
    const page = await provider.search('ladder', 2);
    expect(asked).toEqual([
      {
        url: 'https://photos.example/search/photos?query=ladder&orientation=landscape&page=2&per_page=12',
        auth: 'Client-ID k1',
      },
    ]);
    expect(page.photos).toEqual([
      {
        id: 'p1',
        thumbUrl: 'https://img.example/s',
        url: 'https://img.example/r',
        width: 4000,
        height: 3000,
        description: 'A ladder',
        author: 'Ann',
        authorUrl: 'https://photos.example/@ann',
      },
    ]);
  });

  it("answers 'images.search-failed' when the service fails or answers nonsense", async () => {
    for (const answer of [() => new Response('no', { status: 500 }), () => Response.json({ nope: 1 })]) {
      const provider = createHttpPhotoProvider({
        url: 'https://photos.example',
        apiKey: 'k',
        fetch: (async () => answer()) as unknown as typeof fetch,
      });
      await expect(provider.search('x', 1)).rejects.toMatchObject({ code: 'images.search-failed' });
    }
  });
});
