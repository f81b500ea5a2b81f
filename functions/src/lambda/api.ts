import { handle } from 'hono/aws-lambda';
import { createApp } from '../app.ts';
import { depsFromEnvironment } from './env.ts';
import { settled } from './settled.ts';

/** The API function behind `ANY /api/{proxy+}`. */
const app = createApp(depsFromEnvironment());

// Waits for the effects dispatched after the reply (see settled.ts).
export const handler = settled(handle(app));
