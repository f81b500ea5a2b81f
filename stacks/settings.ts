/**
 * Deploy-time settings, read from the deployer's environment. `sst deploy --stage <stage>` loads
 * `.env.<stage>` and `.env.<stage>.local` into it before the stacks run (docs/deploy.md lists the
 * names). Everything is optional (but `ALARM_EMAIL` for prod, stacks/monitoring.ts): without a
 * domain the app is served at its CloudFront address.
 */
export interface Settings {
  domain?: {
    /** The app's own domain, e.g. `app.example.com`. */
    domainName: string;
    /** The Route 53 hosted zone that holds it, e.g. `example.com`. */
    hostedZone: string;
    /**
     * An existing ACM certificate for the domain in us-east-1, the region CloudFront reads them
     * from. Without one, the deploy requests and DNS-validates a certificate in the hosted zone.
     */
    certificateArn?: string;
  };
  /** Environment for the functions that send mail or build links. */
  functionEnvironment: Record<string, string>;
  /** Who the alarms and the cost budget's warnings are mailed to (the alarm topic's subscribers). */
  alarmEmails: string[];
  /** The monthly cost budget in US dollars: warned at 80% spent and at 100% forecast. */
  monthlyBudgetUsd: number;
}

/** The cost budget without `ALARM_MONTHLY_BUDGET_USD`. */
export const DEFAULT_MONTHLY_BUDGET_USD = 100;

/** Passed through to the functions unchanged when set (see functions/src/lambda/api.ts). */
const PASS_THROUGH = [
  'MAIL_FROM',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_USER',
  'SMTP_PASSWORD',
  // Messaging (docs/messaging.md): the SMS provider and the providers' webhook secret.
  'SMS_API_URL',
  'SMS_API_KEY',
  'WEBHOOK_SECRET',
  // Seals the businesses' mailbox passwords (functions/src/email-engine/seal.ts).
  'MAILBOX_SECRET',
  // The rich-text editor's photo search service (functions/src/photos/http-photos.ts).
  'PHOTO_API_URL',
  'PHOTO_API_KEY',
  // The training academy's content service (functions/src/training/http-training.ts).
  'TRAINING_CONTENT_URL',
  'TRAINING_CONTENT_KEY',
  // The remote-support script's address (docs/remote-support.md); unset: no remote support.
  'REMOTE_SUPPORT_SCRIPT_URL',
] as const;

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const value = (name: string) => env[name]?.trim() || undefined;

  const domainName = value('APP_DOMAIN');
  const certificateArn = value('APP_CERTIFICATE_ARN');
  if (certificateArn && !domainName) {
    throw new Error('APP_CERTIFICATE_ARN is set without APP_DOMAIN; see docs/deploy.md');
  }
  const domain = domainName
    ? {
        domainName,
        hostedZone: value('APP_HOSTED_ZONE') ?? domainName,
        ...(certificateArn ? { certificateArn } : {}),
      }
    : undefined;

  const functionEnvironment: Record<string, string> = {};
  for (const name of PASS_THROUGH) {
    const set = value(name);
    if (set) functionEnvironment[name] = set;
  }
  // The API cannot take the CloudFront address from the site without a dependency cycle (the
  // site routes /api/* to the API), so links use the custom domain or an explicit PUBLIC_URL.
  const publicUrl = value('PUBLIC_URL') ?? (domainName ? `https://${domainName}` : undefined);
  if (publicUrl) functionEnvironment.PUBLIC_URL = publicUrl;

  // Comma- or space-separated: the people on call for this stage.
  const alarmEmails = (value('ALARM_EMAIL') ?? '').split(/[\s,]+/).filter(Boolean);
  for (const email of alarmEmails) {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      throw new Error(`ALARM_EMAIL has "${email}", which is not an email address; see docs/deploy.md`);
    }
  }
  const budget = value('ALARM_MONTHLY_BUDGET_USD');
  const monthlyBudgetUsd = budget === undefined ? DEFAULT_MONTHLY_BUDGET_USD : Number(budget);
  if (!(monthlyBudgetUsd > 0)) {
    throw new Error(`ALARM_MONTHLY_BUDGET_USD must be a positive number of dollars, not "${budget}"`);
  }

  return { domain, functionEnvironment, alarmEmails, monthlyBudgetUsd };
}
