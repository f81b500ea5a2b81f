/**
 * The areas round Cambridge the seed businesses work in and the local places provider knows:
 * one list, so every seeded address can be found by the address search.
 */
export interface Area {
  name: string;
  /** Postcode outward district. */
  outward: string;
  lat: number;
  lng: number;
}

/** Districts of Cambridge itself, all within about 5 km of the centre (town and demo scales). */
export const TOWN_AREAS: Area[] = [
  { name: 'Chesterton', outward: 'CB4', lat: 52.2195, lng: 0.137 },
  { name: 'Arbury', outward: 'CB4', lat: 52.2265, lng: 0.1205 },
  { name: "King's Hedges", outward: 'CB4', lat: 52.2305, lng: 0.131 },
  { name: 'Trumpington', outward: 'CB2', lat: 52.179, lng: 0.114 },
  { name: 'Newnham', outward: 'CB3', lat: 52.199, lng: 0.107 },
  { name: 'Romsey', outward: 'CB1', lat: 52.197, lng: 0.153 },
  { name: 'Cherry Hinton', outward: 'CB1', lat: 52.186, lng: 0.179 },
  { name: "Queen Edith's", outward: 'CB1', lat: 52.18, lng: 0.147 },
  { name: 'Coleridge', outward: 'CB1', lat: 52.192, lng: 0.149 },
  { name: 'Petersfield', outward: 'CB1', lat: 52.202, lng: 0.134 },
  { name: 'Abbey', outward: 'CB5', lat: 52.208, lng: 0.156 },
  { name: 'Barnwell', outward: 'CB5', lat: 52.211, lng: 0.164 },
  { name: 'Castle', outward: 'CB3', lat: 52.215, lng: 0.11 },
  { name: 'Girton', outward: 'CB3', lat: 52.242, lng: 0.084 },
  { name: 'Histon', outward: 'CB24', lat: 52.252, lng: 0.105 },
  { name: 'Impington', outward: 'CB24', lat: 52.248, lng: 0.117 },
  { name: 'Milton', outward: 'CB24', lat: 52.243, lng: 0.164 },
  { name: 'Fen Ditton', outward: 'CB5', lat: 52.222, lng: 0.17 },
  { name: 'Grantchester', outward: 'CB3', lat: 52.18, lng: 0.096 },
  { name: 'Orchard Park', outward: 'CB4', lat: 52.234, lng: 0.111 },
  { name: 'Mill Road', outward: 'CB1', lat: 52.199, lng: 0.143 },
  { name: 'Hills Road', outward: 'CB2', lat: 52.19, lng: 0.134 },
  { name: 'West Chesterton', outward: 'CB4', lat: 52.218, lng: 0.123 },
  { name: 'Eddington', outward: 'CB3', lat: 52.22, lng: 0.085 },
  { name: 'Teversham', outward: 'CB1', lat: 52.201, lng: 0.194 },
  { name: 'Coton', outward: 'CB23', lat: 52.207, lng: 0.056 },
  { name: 'Newmarket Road', outward: 'CB5', lat: 52.209, lng: 0.148 },
];

/** Villages around Cambridge, up to about 15 km out (the city scale covers them too). */
export const VILLAGE_AREAS: Area[] = [
  { name: 'Fulbourn', outward: 'CB21', lat: 52.182, lng: 0.221 },
  { name: 'Great Shelford', outward: 'CB22', lat: 52.15, lng: 0.138 },
  { name: 'Little Shelford', outward: 'CB22', lat: 52.145, lng: 0.127 },
  { name: 'Stapleford', outward: 'CB22', lat: 52.144, lng: 0.15 },
  { name: 'Sawston', outward: 'CB22', lat: 52.124, lng: 0.169 },
  { name: 'Whittlesford', outward: 'CB22', lat: 52.113, lng: 0.15 },
  { name: 'Duxford', outward: 'CB22', lat: 52.095, lng: 0.158 },
  { name: 'Harston', outward: 'CB22', lat: 52.138, lng: 0.08 },
  { name: 'Hauxton', outward: 'CB22', lat: 52.143, lng: 0.09 },
  { name: 'Waterbeach', outward: 'CB25', lat: 52.266, lng: 0.19 },
  { name: 'Landbeach', outward: 'CB25', lat: 52.261, lng: 0.16 },
  { name: 'Horningsea', outward: 'CB25', lat: 52.242, lng: 0.184 },
  { name: 'Stow cum Quy', outward: 'CB25', lat: 52.219, lng: 0.22 },
  { name: 'Bottisham', outward: 'CB25', lat: 52.221, lng: 0.258 },
  { name: 'Cottenham', outward: 'CB24', lat: 52.286, lng: 0.126 },
  { name: 'Oakington', outward: 'CB24', lat: 52.262, lng: 0.07 },
  { name: 'Longstanton', outward: 'CB24', lat: 52.283, lng: 0.045 },
  { name: 'Willingham', outward: 'CB24', lat: 52.315, lng: 0.058 },
  { name: 'Swavesey', outward: 'CB24', lat: 52.301, lng: -0.002 },
  { name: 'Bar Hill', outward: 'CB23', lat: 52.253, lng: 0.015 },
  { name: 'Hardwick', outward: 'CB23', lat: 52.214, lng: 0.011 },
  { name: 'Comberton', outward: 'CB23', lat: 52.186, lng: 0.016 },
  { name: 'Barton', outward: 'CB23', lat: 52.18, lng: 0.05 },
  { name: 'Linton', outward: 'CB21', lat: 52.098, lng: 0.278 },
  { name: 'Great Abington', outward: 'CB21', lat: 52.096, lng: 0.238 },
  { name: 'Balsham', outward: 'CB21', lat: 52.132, lng: 0.315 },
];
