import { encodePng } from './png.ts';
import { PHOTO_PAGE_SIZE, type Photo, type PhotoProvider } from './provider.ts';

/**
 * The local photo provider: a few landscape pictures made here (sky, sun and ground in each
 * scene's colours), served by the API itself at `/api/photos/local/{id}.png`. It answers when no
 * photo service is configured (the local runtime, the tests, a stage without a key), so the image
 * search dialog always works; a query matches a scene by its words, an empty one lists them all.
 */
type Rgb = [number, number, number];
interface Scene {
  id: string;
  description: string;
  words: string[];
  sky: [Rgb, Rgb];
  ground: [Rgb, Rgb];
  sun: Rgb;
  /** Where the sun stands, as fractions of the width and height. */
  sunAt: [number, number];
  horizon: number;
}

export const SCENES: readonly Scene[] = [
  {
    id: 'sunrise',
    description: 'Sunrise over the fields',
    words: ['sunrise', 'morning', 'field', 'spring', 'orange'],
    sky: [
      [255, 183, 94],
      [255, 235, 190],
    ],
    ground: [
      [120, 160, 70],
      [70, 110, 40],
    ],
    sun: [255, 250, 220],
    sunAt: [0.3, 0.55],
    horizon: 0.62,
  },
  {
    id: 'blue-sky',
    description: 'Clear blue sky over green hills',
    words: ['sky', 'blue', 'clean', 'clear', 'summer', 'window'],
    sky: [
      [60, 130, 220],
      [170, 215, 250],
    ],
    ground: [
      [90, 170, 90],
      [40, 120, 60],
    ],
    sun: [255, 245, 170],
    sunAt: [0.8, 0.2],
    horizon: 0.7,
  },
  {
    id: 'sea',
    description: 'Calm sea at midday',
    words: ['sea', 'water', 'coast', 'blue', 'holiday'],
    sky: [
      [110, 170, 230],
      [210, 235, 250],
    ],
    ground: [
      [30, 110, 170],
      [10, 60, 110],
    ],
    sun: [255, 255, 235],
    sunAt: [0.6, 0.25],
    horizon: 0.55,
  },
  {
    id: 'autumn',
    description: 'Autumn evening in the countryside',
    words: ['autumn', 'evening', 'leaves', 'countryside', 'gutter'],
    sky: [
      [150, 80, 120],
      [250, 170, 110],
    ],
    ground: [
      [170, 90, 30],
      [100, 50, 20],
    ],
    sun: [255, 210, 140],
    sunAt: [0.5, 0.6],
    horizon: 0.66,
  },
  {
    id: 'winter',
    description: 'Snow on a winter morning',
    words: ['winter', 'snow', 'cold', 'white', 'christmas'],
    sky: [
      [170, 190, 215],
      [230, 238, 245],
    ],
    ground: [
      [245, 248, 252],
      [215, 225, 235],
    ],
    sun: [255, 255, 255],
    sunAt: [0.25, 0.3],
    horizon: 0.6,
  },
  {
    id: 'night',
    description: 'Night sky with the moon',
    words: ['night', 'moon', 'dark', 'stars'],
    sky: [
      [10, 20, 60],
      [40, 60, 120],
    ],
    ground: [
      [20, 40, 30],
      [5, 20, 10],
    ],
    sun: [240, 240, 220],
    sunAt: [0.75, 0.3],
    horizon: 0.72,
  },
];

const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as Rgb;

/** A scene drawn at `width` x `height` (16:9 pictures: landscape, as the spec's search asks). */
function draw(scene: Scene, width: number, height: number): Buffer {
  const horizon = Math.round(height * scene.horizon);
  const [sx, sy] = [scene.sunAt[0] * width, scene.sunAt[1] * height];
  const radius = height * 0.1;
  return encodePng(width, height, (x, y) => {
    if (y >= horizon) return mix(scene.ground[0], scene.ground[1], (y - horizon) / (height - horizon));
    if (Math.hypot(x - sx, y - sy) <= radius) return scene.sun;
    return mix(scene.sky[0], scene.sky[1], y / horizon);
  });
}

const SIZES = { full: [960, 540], thumb: [320, 180] } as const;
const cache = new Map<string, Buffer>();

/** The PNG of a bundled picture (`sea`, `sea-thumb`), or undefined for a name there is none of. */
export function localPhotoFile(name: string): Buffer | undefined {
  const [, id, thumb] = /^([a-z-]+?)(-thumb)?$/.exec(name) ?? [];
  const scene = SCENES.find((s) => s.id === id);
  if (!scene) return undefined;
  let png = cache.get(name);
  if (!png) {
    const [w, h] = thumb ? SIZES.thumb : SIZES.full;
    png = draw(scene, w, h);
    cache.set(name, png);
  }
  return png;
}

/** The local provider, its addresses under `publicUrl` (absolute: a mail client loads them). */
export function localPhotos(publicUrl: string): PhotoProvider {
  const base = `${publicUrl.replace(/\/$/, '')}/api/photos/local`;
  const photo = (s: Scene): Photo => ({
    id: s.id,
    thumbUrl: `${base}/${s.id}-thumb.png`,
    url: `${base}/${s.id}.png`,
    width: SIZES.full[0],
    height: SIZES.full[1],
    description: s.description,
    author: 'Roundwise',
  });
  return {
    async search(query, page) {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      const found = SCENES.filter(
        (s) => words.length === 0 || words.some((w) => s.words.some((sw) => sw.startsWith(w))),
      );
      const start = (page - 1) * PHOTO_PAGE_SIZE;
      return { photos: found.slice(start, start + PHOTO_PAGE_SIZE).map(photo), total: found.length };
    },
  };
}
