import type { Lecture, TrainingProvider } from './provider.ts';

/**
 * The local lesson set: the academy's lessons as text, for `npm start`, the tests and a stage
 * with no content service. Titles carry the content service's module prefix ("M2.1 - "), which
 * the screen strips, as it does for the service's. There is no video host locally, so these
 * lectures are written only (`videoSrc` empty) and the player shows their text.
 */
const lesson = (slug: string, title: string) => ({ slug, title });
const SET_UP = lesson('setting-up', 'Setting up your business');
const CUSTOMERS = lesson('customers-and-jobs', 'Customers and jobs');
const ROUNDS = lesson('rounds', 'Rounds and the schedule');
const PAID = lesson('getting-paid', 'Getting paid');
const MESSAGES = lesson('messaging', 'Messaging customers');

const lecture = (
  l: { slug: string; title: string },
  slug: string,
  title: string,
  description: string,
  content: string,
): Lecture => ({ title, description, content, slug, videoSrc: '', lesson: l });

export const LOCAL_LECTURES: readonly Lecture[] = [
  lecture(
    SET_UP,
    'business-details',
    'M1.1 - Your business details',
    'Name, address and contact details.',
    'Open Account from the drawer header. Your business name and address appear on every quote, invoice and message, so fill them in first. Add a telephone number and an email address customers can reply to.',
  ),
  lecture(
    SET_UP,
    'services',
    'M1.2 - Services and default prices',
    'What you sell, and for how much.',
    'Open Services and add each kind of work you do: windows, gutters, conservatory roofs, solar panels. A default price fills in when you add a job with that service; you can still change the price of any one job.',
  ),
  lecture(
    SET_UP,
    'inviting-your-team',
    'M1.3 - Inviting your team',
    'Roles decide what each person sees.',
    'Open Users and press Invite. A Worker sees the work given to them, a Planner plans the schedule, an Admin runs almost everything except the account itself. The person joins from the link in their email.',
  ),
  lecture(
    CUSTOMERS,
    'adding-a-customer',
    'M2.1 - Adding a customer',
    'A customer, their address and their first job.',
    'Open Customers and press Add. Search the address so the map and the round know where it is. Then add a job: the service, its price and how often it is done, every 4 weeks for example.',
  ),
  lecture(
    CUSTOMERS,
    'job-frequencies',
    'M2.2 - How often a job is done',
    'Weeks, months and one-off jobs.',
    'A job repeats every so many weeks, on a day of the month, or on a weekday of the month such as the last Friday. A one-off job is done once. Roundwise works out every visit from the frequency and the first date.',
  ),
  lecture(
    CUSTOMERS,
    'quotes',
    'M2.3 - Quotes customers accept online',
    'Send a quote, get a yes.',
    'Make a quote from the customer screen and send it. The customer opens a link, sees the work and the price, and accepts or declines. An accepted quote becomes jobs with one tap.',
  ),
  lecture(
    ROUNDS,
    'building-a-round',
    'M3.1 - Building a round',
    'Jobs done together, in order.',
    'A round is the jobs you do on the same trip. Add jobs to it, then drag them into the order you drive, or let route optimising order them for you.',
  ),
  lecture(
    ROUNDS,
    'the-schedule',
    'M3.2 - The schedule',
    'Each day, round by round.',
    'The schedule shows each day of visits by round. Move a visit to another day, skip it when the customer is away, or mark it done. Overdue lists the visits that were never done.',
  ),
  lecture(
    ROUNDS,
    'working-the-day',
    'M3.3 - Working the day on your phone',
    'My work and day pilot.',
    'On your phone, day pilot takes you through the day one visit at a time: send On my way, open directions, read the access notes, mark it done and take payment.',
  ),
  lecture(
    PAID,
    'recording-payments',
    'M4.1 - Recording payments',
    'Cash, transfer, card or direct debit.',
    'Record a payment from the visit or from Payments. Each payment settles what the customer owes, oldest first; Owing lists who still owes you and how much.',
  ),
  lecture(
    PAID,
    'invoices',
    'M4.2 - Invoices',
    'When a customer wants paperwork.',
    'Open an invoice from a visit or from the customer. Send it by email, or print it. Invoice numbers run on by themselves.',
  ),
  lecture(
    MESSAGES,
    'templates',
    'M5.1 - Message templates',
    'Write once, send many times.',
    "Templates hold the messages you send again and again: reminders, thank-yous, price changes. Merge fields fill in each customer's name, address and balance.",
  ),
  lecture(
    MESSAGES,
    'campaigns',
    'M5.2 - Campaigns',
    'One message to many customers.',
    'Choose an audience, a template and email or text, then send. The send log shows who received it, and replies land in the inbox.',
  ),
];

export const localTraining: TrainingProvider = { lectures: async () => [...LOCAL_LECTURES] };
