import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Customers, Send } from '@roundwise/core';
import { kill, startChild } from '../local/child-runtime.ts';
import { addCustomers, signIn, signUpVerified } from '../local/messaging-fixture.ts';
import { SCALES } from '../seed/generate.ts';
import { Random } from '../seed/prng.ts';
import { round, saveFigures } from './lib.ts';

/**
 * The send module's budgets: `send.audience_20k_ms` (50 ms), an audience of two filter
 * groups evaluated over the city's 20,000 customers; `send.campaign_2000_ms` (15 s), a campaign
 * published by email to 2,000 customers until the last mail is in the SMTP sink.
 */

const TOWNS = ['Cambridge', 'Ely', 'Newmarket', 'Royston', 'Huntingdon', 'St Ives', 'Saffron Walden'];
const STREETS = ['High Street', 'Mill Road', 'Station Road', 'Church Lane', 'Victoria Road', 'The Green'];
const TAGS = ['conservatory', 'gutters', 'fascias', 'solar', 'commercial', 'vip', 'key holder'];

/**
 * The city scale's number of customers, made with the fields an audience reads (names, addresses,
 * contacts, tags, notes, consent), from a seeded generator: the same set every run. The seed's own
 * city set takes a quarter of an hour to play through its commands, and an audience reads only these.
 */
export function cityCustomers(): Customers.Customer[] {
  const rng = Random.of('send-bench-city');
  return Array.from({ length: SCALES.city.customers }, (_, i) =>
    Customers.Customer.parse({
      _id: `c${String(i).padStart(6, '0')}`,
      name: `Customer ${i}`,
      createdDate: '2025-01-01',
      address: {
        addressDescription: `${rng.int(1, 200)} ${rng.pick(STREETS)}, ${rng.pick(TOWNS)}`,
        isVerified: true,
      },
      email: rng.chance(0.85) ? `customer${i}@example.com` : '',
      mobileNumber: rng.chance(0.7) ? `07700 9${String(i).padStart(5, '0')}` : '',
      contactMethods: rng.chance(0.5) ? ['email', 'sms'] : ['email'],
      marketingAccepted: rng.chance(0.6),
      tags: TAGS.filter(() => rng.chance(0.15)),
      notes: rng.chance(0.2) ? 'Side gate code 1234; dog in the garden' : '',
      state: rng.chance(0.9) ? 'active' : 'inactive',
    }),
  );
}

const filter = (field: string, operator: Send.FilterOperator, value: string): Send.Filter => ({
  id: `${field}-${value}`,
  field,
  label: field,
  operator,
  value,
});

/** Median of 25 evaluations (after 5 to warm up) of a two-group audience over the city's customers. */
export function audience20kMs(): { ms: number; members: number } {
  const customers = cityCustomers();
  // Cambridge customers with a conservatory who accept marketing, or any active VIP not in Ely.
  const groups: Send.FilterGroups = [
    [
      filter('address', 'Contains', 'cambridge'),
      filter('tags', 'Contains', 'conservatory'),
      filter('marketingAccepted', 'Is', 'y'),
    ],
    [
      filter('tags', 'Contains', 'vip'),
      filter('state', 'Is', 'active'),
      filter('address', 'DoesNotContain', 'ely'),
    ],
  ];
  let members = 0;
  for (let i = 0; i < 5; i++) members = Send.audienceContacts(groups, customers).length;
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    Send.audienceContacts(groups, customers);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, members };
}

/**
 * A campaign by email to 2,000 customers on the local runtime in a process of its own (the queue
 * worker, nodemailer to the SMTP sink): from the publish command's request to the last mail in the
 * sink. The customers, template, audience and campaign are made first.
 */
export async function campaign2000Ms(): Promise<number> {
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-send-'));
  await mkdir(join(work, 'web'), { recursive: true });
  await writeFile(join(work, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
  const running = await startChild(work, 0);
  try {
    let api = await signUpVerified(running.url, running.db, 'bench-send@example.com');
    await addCustomers(running.db, api.accountId, 2000);
    await api.send('PATCH', '/account', { flags: ['send'] });
    api = await signIn(running.url, api.cookie);
    await api.send('POST', '/customer/purchase-sms-credits', { amount: 5000, purchaseId: randomUUID() });
    for (const [name, input] of [
      ['templates.create', { _id: 'tpl', name: 'Spring', subject: 'Spring offer' }],
      [
        'send.create-audience',
        { _id: 'all', name: 'All', filterGroups: [[filter('name', 'Contains', 'customer')]] },
      ],
      [
        'send.create-campaign',
        {
          _id: 'spring',
          name: 'Spring',
          description: 'Offer',
          audiences: ['all'],
          deliveryMethods: ['Email'],
          templateId: 'tpl',
        },
      ],
    ] as const) {
      const answer = await api.command(name, input);
      if (answer.status !== 200) throw new Error(`${name}: ${JSON.stringify(answer.json)}`);
    }
    const mailsNow = async () => (await readdir(running.mailDir)).filter((f) => f.endsWith('.eml')).length;
    const before = await mailsNow();
    const t0 = performance.now();
    const answer = await api.command('send.publish', { _id: 'spring', includeNonMarketing: true });
    if (answer.status !== 200) throw new Error(`publish refused: ${JSON.stringify(answer.json)}`);
    const commandMs = performance.now() - t0;
    while ((await mailsNow()) < before + 2000) {
      if (performance.now() - t0 > 120_000)
        throw new Error(`only ${(await mailsNow()) - before} of 2000 mails`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const total = performance.now() - t0;
    console.log(
      `campaign: publish answered in ${Math.round(commandMs)} ms, 2000 mails in ${Math.round(total)} ms`,
    );
    return total;
  } finally {
    await kill(running);
    await rm(work, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench/send.ts`: these figures on their own, into bench/results.json.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const audience = audience20kMs();
  console.log(`send.audience_20k_ms ${round(audience.ms)} ms (${audience.members} members)`);
  const campaign = await campaign2000Ms();
  console.log(`send.campaign_2000_ms ${round(campaign)} ms`);
  await saveFigures({
    'send.audience_20k_ms': { value: round(audience.ms), unit: 'ms' },
    'send.campaign_2000_ms': { value: round(campaign), unit: 'ms' },
  });
}
