/** Word lists and places for the seed generator. Nothing here is random: the generator picks. */

/** Cambridge, the town the seed businesses work in. */
export const CENTRE = { lat: 52.2053, lng: 0.1218, town: 'Cambridge', address: '1 Market Hill, Cambridge CB2 3NJ' };

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

export const STREETS = [
  'High Street', 'Church Lane', 'Station Road', 'Mill Lane', 'Victoria Road', 'Green Lane', 'Manor Road',
  'Church Street', 'Park Road', 'The Crescent', 'Queens Road', 'New Road', 'Grange Road', 'Kings Road',
  'Windsor Road', 'Highfield Road', 'Orchard Close', 'Springfield Road', 'Mill Road', 'School Lane',
  'The Green', 'Stanley Road', 'York Road', 'Alexandra Road', 'Main Street', 'Richmond Road', 'Chapel Lane',
  'Elm Grove', 'Beech Drive', 'Oak Avenue', 'Cedar Close', 'Willow Way', 'Ash Grove', 'Birch Close',
  'Chestnut Avenue', 'Maple Drive', 'Meadow Way', 'Brook Street', 'Woodland Road', 'Hawthorn Way',
  'Primrose Lane', 'Rosemary Road', 'Lavender Close', 'Holly Walk', 'Ivy Field', 'Fen Road', 'Water Lane',
  'Ferry Lane', 'Riverside', 'Thornton Road', 'Carlton Way', 'Gilbert Road', 'Milton Road', 'Arbury Road',
  'Histon Road', 'Huntingdon Road', 'Hills Road', 'Cherry Hinton Road', 'Perne Road', 'Coldhams Lane',
  'Tenison Road', 'Mawson Road', 'Mortimer Road', 'Gwydir Street', 'Sedgwick Street', 'Hope Street',
  'Thoday Street', 'Catharine Street', 'Cavendish Road', 'Marshall Road', 'Hinton Avenue', 'Blinco Grove',
  'Hartington Grove', 'Rathmore Road', 'Harvey Road', 'Glisson Road', 'Lyndewode Road', 'Shelford Road',
  'Long Road', 'Porson Road', 'Barton Road', 'Grantchester Street', 'Eltisley Avenue', 'Derby Road',
  'Selwyn Gardens', 'Herschel Road', 'Storeys Way', 'Wilberforce Road', 'Madingley Road', 'Oxford Road',
  'Halifax Road', 'Richmond Terrace', 'Carisbrooke Road', 'Stretten Avenue', 'Searle Street', 'Akeman Street',
  'Windsor Street', 'Hertford Street', 'Chesterton Hall Crescent', 'De Freville Avenue', 'Humberstone Road',
  'Ferndale Rise', 'Scotsdowne Road', 'Green End Road', 'Water Street', 'Nuffield Road', 'Fortescue Road',
  'Campkin Road', 'Kings Hedges Road', 'Northfield Avenue', 'Ramsden Square', 'Mansel Way', 'Lichfield Road',
  'Fulbourn Road', 'Queen Ediths Way', 'Nightingale Avenue', 'Babraham Road', 'Almoners Avenue', 'Fendon Road',
  'Beaumont Road', 'Kelvin Close', 'Rustat Road', 'Golding Road', 'Ross Street', 'Vinery Road', 'Sturton Street',
  'Ditton Walk', 'Stanley Road', 'Peverel Road', 'Barnwell Road', 'Whitehill Road', 'Keynes Road', 'Galfrid Road',
];

export const FIRST_NAMES = [
  'Oliver', 'George', 'Harry', 'Jack', 'Jacob', 'Charlie', 'Thomas', 'James', 'William', 'Joshua', 'Daniel',
  'Samuel', 'Joseph', 'Alfie', 'Henry', 'David', 'Michael', 'Peter', 'John', 'Paul', 'Mark', 'Richard', 'Andrew',
  'Robert', 'Stephen', 'Christopher', 'Matthew', 'Simon', 'Ian', 'Graham', 'Nigel', 'Colin', 'Keith', 'Martin',
  'Gary', 'Neil', 'Adrian', 'Trevor', 'Alan', 'Brian', 'Raj', 'Sanjay', 'Tomasz', 'Piotr', 'Amelia', 'Olivia',
  'Isla', 'Emily', 'Ava', 'Jessica', 'Sophie', 'Lily', 'Grace', 'Charlotte', 'Ella', 'Chloe', 'Sarah', 'Emma',
  'Rachel', 'Helen', 'Claire', 'Karen', 'Susan', 'Julie', 'Margaret', 'Patricia', 'Elizabeth', 'Jennifer',
  'Catherine', 'Louise', 'Victoria', 'Rebecca', 'Hannah', 'Lucy', 'Amy', 'Laura', 'Nicola', 'Joanne', 'Lisa',
  'Deborah', 'Angela', 'Jane', 'Alison', 'Fiona', 'Gillian', 'Jean', 'Pauline', 'Sheila', 'Brenda', 'Priya',
  'Aisha', 'Fatima', 'Agnieszka', 'Siobhan', 'Bethan', 'Megan', 'Eleanor', 'Harriet', 'Rosie', 'Poppy',
];

export const SURNAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright',
  'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel',
  'Khan', 'Lewis', 'James', 'Phillips', 'Mason', 'Mitchell', 'Rose', 'Davis', 'Rodriguez', 'Cox', 'Alexander',
  'Garden', 'Campbell', 'Johnston', 'Moore', 'Smyth', "O'Neill", 'Doherty', 'Stewart', 'Quinn', 'Murphy',
  'Graham', 'Mclaughlin', 'Hamilton', 'Murray', 'Hughes', 'Robertson', 'Thomson', 'Scott', 'Macdonald', 'Reid',
  'Clark', 'Ross', 'Young', 'Watson', 'Paterson', 'Morrison', 'Harris', 'Martin', 'Cooper', 'Ward', 'Turner',
  'Hill', 'Morris', 'Baker', 'Harrison', 'King', 'Lee', 'Allen', 'Bell', 'Parker', 'Edwards', 'Bennett', 'Carter',
  'Shaw', 'Chapman', 'Fox', 'Marshall', 'Owen', 'Holmes', 'Lloyd', 'Knight', 'Barker', 'Palmer', 'Webb', 'Ellis',
  'Gray', 'Fisher', 'Russell', 'Butler', 'Dixon', 'Stevens', 'Mills', 'Price', 'Hunt', 'Saunders', 'Foster',
  'Pearce', 'Matthews', 'Gibson', 'Simpson', 'Cole', 'Barnes', 'Payne', 'Ahmed', 'Ali', 'Hussain', 'Singh',
  'Kowalski', 'Nowak', 'Byrne', 'Kelly', 'Walsh', "O'Brien", 'Atkinson', 'Spencer', 'Fletcher', 'Howard',
  'Dawson', 'Lawrence', 'Rowe', 'Burton', 'Newman', 'Hart', 'Booth', 'Hayward', 'Pryce', 'Fairweather',
];

/** Commercial customers: `{area}` is replaced by the round's area. */
export const BUSINESSES = [
  'The Red Lion', 'The Green Man', 'The Plough', '{area} Dental Practice', '{area} Village Hall', 'Co-op {area}',
  '{area} Surgery', 'Oak Tree Nursery', '{area} Pharmacy', 'The Old Bakery Café', 'St Andrew’s Church Hall',
  'Riverside Vets', '{area} Library', 'Bean There Coffee', 'Fenland Estate Agents', 'Smart Cuts Barbers',
  '{area} Primary School', 'Little Acorns Day Nursery', 'Cam Valley Physio', 'The Fish Bar',
];

/** Email domains reserved for examples (RFC 2606): seed data must never mail a real person. */
export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'];

export const TAGS = [
  'Key holder', 'Dog', 'Side gate', 'Elderly', 'Pays cash', 'Commercial', 'VIP', 'Ladder access', 'Pole only',
  'Conservatory', 'Three storey', 'Call before', 'Leave invoice', 'Referral', 'Annual gutters',
];

export const SOURCES = [
  'Leaflet', 'Facebook', 'Google', 'Referral', 'Nextdoor', 'Website', 'Van signage', 'Checkatrade',
  'Bought round', 'Word of mouth', 'Canvassing',
];

export const CUSTOMER_NOTES = [
  'Side gate code 1942.',
  'Back gate is via the alley behind the house.',
  'Please close the front gate: the dog gets out.',
  'Key under the flower pot for the conservatory.',
  'Park on the road, the drive is narrow.',
  'Prefers a text the evening before.',
  'Pays on the doorstep, usually leaves an envelope under the mat.',
  'Frames and sills every other visit.',
  'Elderly customer: knock and wait, she takes a while to answer.',
  'Watch the hanging baskets at the front.',
  'Water butt by the back door for the pure water system.',
];

export const SKIP_REASONS = [
  'Customer away',
  'Gate locked',
  'Heavy rain',
  'Dog in garden',
  'Car blocking access',
  'Customer cancelled',
  'No access',
  'Scaffolding up',
  'Building work',
];

export const DECLINE_REASONS = [
  'Too expensive',
  'Found someone cheaper',
  'Doing it ourselves',
  'Moving house',
  'Not needed at the moment',
  'Went with our existing cleaner',
];

export const ROUND_COLOURS = [
  '#2563eb', '#16a34a', '#dc2626', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777', '#4f46e5', '#059669',
  '#7c3aed', '#e11d48', '#0d9488', '#65a30d', '#c2410c', '#0284c7', '#a21caf', '#b45309', '#475569', '#15803d',
];

export const SERVICES = [
  {
    key: 'windows',
    name: 'Window cleaning',
    description: 'Windows, frames and sills with a pure water pole system.',
    defaultPrice: 15,
    defaultDuration: 20,
  },
  {
    key: 'gutters',
    name: 'Gutter clearing',
    description: 'Gutters cleared by vacuum, downpipes checked, before-and-after photos.',
    defaultPrice: 55,
    defaultDuration: 60,
  },
  {
    key: 'conservatory',
    name: 'Conservatory roof',
    description: 'Conservatory roof panels, frames and guttering cleaned.',
    defaultPrice: 35,
    defaultDuration: 45,
  },
  {
    key: 'fascia',
    name: 'Fascia & soffit',
    description: 'Fascias, soffits and bargeboards washed.',
    defaultPrice: 45,
    defaultDuration: 60,
  },
  {
    key: 'solar',
    name: 'Solar panels',
    description: 'Solar panels cleaned with pure water to restore output.',
    defaultPrice: 40,
    defaultDuration: 40,
  },
] as const;
export type ServiceKey = (typeof SERVICES)[number]['key'];

export const REPLIES = [
  'Thanks, see you then!',
  'Could you come on Thursday instead?',
  'Gate is unlocked, thanks.',
  'Can you do the conservatory roof this time as well please?',
  'We are away next week, please skip us this time.',
  'Paid by bank transfer this morning.',
  'Great job as always, thank you.',
  'How much would gutter clearing be?',
  'Please can you send me your bank details?',
  'The dog will be in, please shut the gate behind you.',
  'Sorry, I missed you. Can I pay online?',
  'Lovely, thank you!',
];

export const FEEDBACK = [
  'Always reliable and friendly. Windows look great.',
  'Brilliant service, very happy.',
  'Good job but missed the back door glass.',
  'Excellent, would recommend to anyone.',
  'Quick, tidy and polite.',
];

export const QUOTE_NOTES = [
  'Price includes frames and sills on every visit. Payment is due on the day of the clean by cash, card or bank transfer.',
  'We use a pure water pole system, so there are no ladders against your property. Fully insured.',
  'First clean includes a deep clean of frames and sills. Regular price from the second visit.',
  'Gutter clearing includes before-and-after photos and a check of all downpipes.',
  '',
];
