import { type Area, TOWN_AREAS, VILLAGE_AREAS } from './areas.ts';
import type { LngLat } from './provider.ts';

/**
 * The local provider's gazetteer: streets of the areas the seed data uses (Cambridge and the
 * villages round it), each a short line with its postcode, so an address search and a basemap
 * work with no service. A few real streets with their real postcodes, then streets made from a
 * fixed list and a seeded generator: the same gazetteer on every machine and every start.
 */
export interface Street {
  name: string;
  area: string;
  town: string;
  postcode: string;
  /** From house 1 to the last house. */
  line: [LngLat, LngLat];
  /** A main road, drawn wider on the basemap. */
  major: boolean;
}

/** Houses a street has (numbers past it are placed at its end). */
export const HOUSES = 120;

const REAL: [string, string, string, LngLat, LngLat][] = [
  ['Tenison Road', 'Petersfield', 'CB1 2DG', [0.1352, 52.2003], [0.1381, 52.1969]],
  ['Mill Road', 'Petersfield', 'CB1 2AD', [0.1333, 52.2011], [0.1521, 52.1961]],
  ['Mawson Road', 'Petersfield', 'CB1 2DZ', [0.1345, 52.1995], [0.1395, 52.1975]],
  ['Gwydir Street', 'Petersfield', 'CB1 2LG', [0.139, 52.203], [0.1415, 52.1985]],
  ['Hills Road', 'Hills Road', 'CB2 1JP', [0.1298, 52.1992], [0.1383, 52.1848]],
  ['Regent Street', 'Market', 'CB2 1DB', [0.1248, 52.2021], [0.1291, 52.1995]],
  ['Market Hill', 'Market', 'CB2 3NJ', [0.1178, 52.2056], [0.1193, 52.205]],
  ['Trumpington Road', 'Trumpington', 'CB2 8EX', [0.1199, 52.1961], [0.1141, 52.18]],
  ['Histon Road', 'Arbury', 'CB4 3JB', [0.1131, 52.216], [0.1061, 52.233]],
  ['Chesterton Road', 'Chesterton', 'CB4 3AX', [0.119, 52.213], [0.135, 52.215]],
  ['Milton Road', 'West Chesterton', 'CB4 1XA', [0.128, 52.216], [0.144, 52.233]],
  ['Arbury Road', 'Arbury', 'CB4 2JQ', [0.12, 52.225], [0.138, 52.223]],
  ['Huntingdon Road', 'Castle', 'CB3 0DH', [0.112, 52.215], [0.088, 52.233]],
  ['Newmarket Road', 'Abbey', 'CB5 8HA', [0.133, 52.209], [0.162, 52.211]],
  ['Cherry Hinton Road', "Queen Edith's", 'CB1 7AA', [0.138, 52.19], [0.16, 52.187]],
  ['Perne Road', 'Coleridge', 'CB1 3RX', [0.155, 52.193], [0.153, 52.184]],
];

/**
 * The areas streets are made in: the seed's, less the town areas named after a main road (those
 * roads are real streets above).
 */
const AREAS: Area[] = [
  ...TOWN_AREAS.filter((a) => !REAL.some(([street]) => street === a.name)),
  ...VILLAGE_AREAS,
];

const NAMES = [
  'High Street',
  'Church Lane',
  'Station Road',
  'Mill Lane',
  'Victoria Road',
  'Green Lane',
  'Manor Road',
  'Church Street',
  'Park Road',
  'The Crescent',
  'Queens Road',
  'New Road',
  'Grange Road',
  'Kings Road',
  'Windsor Road',
  'Highfield Road',
  'Orchard Close',
  'Springfield Road',
  'School Lane',
  'The Green',
  'Stanley Road',
  'York Road',
  'Alexandra Road',
  'Richmond Road',
  'Chapel Lane',
  'Elm Grove',
  'Beech Drive',
  'Oak Avenue',
  'Cedar Close',
  'Willow Way',
  'Chestnut Avenue',
  'Meadow Way',
  'Brook Street',
  'Hawthorn Way',
  'Primrose Lane',
  'Rosemary Road',
  'Holly Walk',
  'Fen Road',
  'Water Lane',
  'Ferry Lane',
  'Thornton Road',
  'Carlton Way',
];

const STREETS_PER_AREA = 10;
const LETTERS = [...'ABDEFGHJLNPQRSTUWXYZ'];
/** Degrees of longitude per degree of latitude are fewer this far north (cos 52.2°). */
const LNG_SCALE = 1 / Math.cos((52.2 * Math.PI) / 180);

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function build(): Street[] {
  const streets: Street[] = REAL.map(([name, area, postcode, a, b]) => ({
    name,
    area,
    town: 'Cambridge',
    postcode,
    line: [a, b],
    major: true,
  }));
  const rng = mulberry32(0x9a2e77);
  for (const { name: area, outward, lat, lng } of AREAS) {
    const names = [...NAMES];
    for (let s = 0; s < STREETS_PER_AREA; s++) {
      const name = names.splice(Math.floor(rng() * names.length), 1)[0] as string;
      // Within about 700 m of the area's centre, 250-550 m long, any direction.
      const dLat = (rng() - 0.5) * 0.012;
      const dLng = (rng() - 0.5) * 0.012 * LNG_SCALE;
      const bearing = rng() * Math.PI;
      const half = (0.00125 + rng() * 0.0015) / 2;
      const cLat = lat + dLat;
      const cLng = lng + dLng;
      const along: [number, number] = [Math.sin(bearing) * half * LNG_SCALE, Math.cos(bearing) * half];
      const postcode = `${outward} ${1 + Math.floor(rng() * 9)}${LETTERS[Math.floor(rng() * LETTERS.length)]}${LETTERS[Math.floor(rng() * LETTERS.length)]}`;
      streets.push({
        name,
        area,
        town: 'Cambridge',
        postcode,
        line: [
          [round6(cLng - along[0]), round6(cLat - along[1])],
          [round6(cLng + along[0]), round6(cLat + along[1])],
        ],
        major: false,
      });
    }
  }
  return streets;
}

export const STREETS: readonly Street[] = build();

/** Where house `n` is: along the street's line, the last houses at its end. */
export function houseAt(street: Street, n: number): LngLat {
  const t = Math.min(1, Math.max(0, (n - 1) / (HOUSES - 1)));
  const [[x0, y0], [x1, y1]] = street.line;
  return [round6(x0 + (x1 - x0) * t), round6(y0 + (y1 - y0) * t)];
}

/** The address of a street or a house on it, the way a letter is addressed. */
export const addressOf = (street: Street, house?: string) =>
  `${house ? `${house} ` : ''}${street.name}\n${street.area}\n${street.town}\n${street.postcode}`;
