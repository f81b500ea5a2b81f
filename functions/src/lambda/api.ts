import { handle } from 'hono/aws-lambda';
import { createApp } from '../app.ts';
import { appDepsFromEnvironment } from './env.ts';
import { settled } from './settled.ts';

/** The API function behind `ANY /api/{proxy+}`. */
const app = createApp(appDepsFromEnvironment());

// Waits for the effects dispatched after the reply (see settled.ts).
export const handler = settled(handle(app));
