import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createDb } from '@roundwise/db';
import { localBilling } from '../adapters/billing.ts';
import { createSmtpMailer } from '../adapters/mailer.ts';
import type { AppDeps } from '../deps.ts';
import { sqsEffectQueue } from '../effects/queue.ts';
import { createHttpSmsProvider } from '../notifications/sms-provider.ts';
import { createHttpPhotoProvider } from '../photos/http-photos.ts';
import { awsPlaces } from '../places/aws-places.ts';
import { createHttpTrainingProvider } from '../training/http-training.ts';

const env = (name: string, fallback?: string) => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`Missing environment variable ${name}`);
  return value;
};

/**
 * What every Lambda entry point builds the server's dependencies (`Deps`) from: the stack's environment (the
 * table it is bound to, SES's SMTP endpoint for mail, the queue effects are dispatched on).
 */
export function appDepsFromEnvironment(): AppDeps {
  const queueUrl = process.env.BULK_SEND_QUEUE_URL;
  return {
    db: createDb({ tableName: env('TABLE_NAME') }),
    mailer: createSmtpMailer({
      host: env('SMTP_HOST', 'email-smtp.eu-west-2.amazonaws.com'),
      port: Number(env('SMTP_PORT', '587')),
      secure: false,
      auth: process.env.SMTP_USER ? { user: env('SMTP_USER'), pass: env('SMTP_PASSWORD') } : undefined,
      from: env('MAIL_FROM', 'Roundwise <no-reply@roundwise.app>'),
      pool: true,
    }),
    // Plan changes are recorded directly until a card provider's adapter is configured.
    billing: localBilling,
    publicUrl: env('PUBLIC_URL', 'https://app.roundwise.app'),
    secureCookies: true,
    // CloudFront sends it with every request (stacks/web.ts): only those are believed about the viewer.
    edgeSecret: process.env.EDGE_SECRET || undefined,
    backups: { s3: new S3Client({}), bucket: env('BACKUPS_BUCKET', 'roundwise-backups') },
    attachments: { s3: new S3Client({}), bucket: env('ATTACHMENTS_BUCKET', 'roundwise-attachments') },
    // The SMS provider and the secret its callbacks (and the mail provider's) are signed with.
    ...(process.env.SMS_API_URL
      ? { sms: createHttpSmsProvider({ url: env('SMS_API_URL'), apiKey: env('SMS_API_KEY') }) }
      : {}),
    webhookSecret: process.env.WEBHOOK_SECRET || undefined,
    mailboxSecret: process.env.MAILBOX_SECRET || undefined,
    // The image search dialog's photo service; without it, the bundled pictures.
    ...(process.env.PHOTO_API_KEY
      ? { photos: createHttpPhotoProvider({ url: env('PHOTO_API_URL'), apiKey: env('PHOTO_API_KEY') }) }
      : {}),
    remoteSupportScriptUrl: process.env.REMOTE_SUPPORT_SCRIPT_URL || undefined,
    // HMRC's VAT API (the sandbox or production); without it, VAT returns cannot be filed.
    ...(process.env.HMRC_API_URL
      ? {
          hmrc: {
            url: env('HMRC_API_URL'),
            clientId: env('HMRC_CLIENT_ID'),
            clientSecret: env('HMRC_CLIENT_SECRET'),
            vendorIp: process.env.HMRC_VENDOR_IP || undefined,
          },
        }
      : {}),
    // The training academy's content service; without it, the local lesson set.
    ...(process.env.TRAINING_CONTENT_URL
      ? {
          training: createHttpTrainingProvider({
            url: env('TRAINING_CONTENT_URL'),
            apiKey: process.env.TRAINING_CONTENT_KEY || undefined,
          }),
        }
      : {}),
    // Amazon Location's place index, route calculator and map (stacks/places.ts); without them, the gazetteer.
    ...(process.env.PLACE_INDEX_NAME
      ? {
          places: awsPlaces({
            region: env('AWS_REGION', 'eu-west-2'),
            placeIndex: env('PLACE_INDEX_NAME'),
            routeCalculator: env('ROUTE_CALCULATOR_NAME'),
            mapName: env('MAP_NAME'),
            mapKeyName: env('MAP_KEY_NAME'),
          }),
        }
      : {}),
    // The API and the sweep dispatch effects on the queue; the queue worker sends to it too, when
    // a restore hands its rest on to a new effect (backups/run-restore.ts).
    ...(queueUrl ? { effectQueue: sqsEffectQueue(new SQSClient({}), queueUrl) } : {}),
  };
}
