import { Aspects } from 'aws-cdk-lib';
import type { SSTConfig } from 'sst';
import { API } from './stacks/api.ts';
import { Mailboxes } from './stacks/mailboxes.ts';
import { Monitoring } from './stacks/monitoring.ts';
import { BulkSend } from './stacks/queue.ts';
import { NODE_RUNTIME, NoRetiredRuntimes } from './stacks/runtimes.ts';
import { Schedules } from './stacks/schedules.ts';
import { Storage } from './stacks/storage.ts';
import { Web } from './stacks/web.ts';

export default {
  config() {
    return { name: 'roundwise', region: 'eu-west-2' };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      runtime: NODE_RUNTIME,
      architecture: 'arm_64',
      nodejs: { format: 'esm' },
    });
    Aspects.of(app).add(new NoRetiredRuntimes());
    app
      .stack(Monitoring)
      .stack(Storage)
      .stack(BulkSend)
      .stack(API)
      .stack(Schedules)
      .stack(Mailboxes)
      .stack(Web);
  },
} satisfies SSTConfig;
