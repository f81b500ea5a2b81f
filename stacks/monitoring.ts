import { Duration, type Stack } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Function as SstFunction, StackContext } from 'sst/constructs';
import { use } from 'sst/constructs';
import { type HeartbeatJob, type METRIC, METRICS_NAMESPACE } from '../functions/src/metrics.ts';
import { readSettings } from './settings.ts';

/** How long every function's log group keeps its lines. */
export const LOG_RETENTION = RetentionDays.THREE_MONTHS;

/**
 * The stage's alarm topic, mailed to the people on call (`ALARM_EMAIL`), and the account's monthly
 * cost budget, which warns on the same topic. The alarms themselves are beside what they watch
 * (`alarm()` below); docs/deploy.md's runbook says what each means and what to do.
 */
export function Monitoring({ stack }: StackContext) {
  const { alarmEmails, monthlyBudgetUsd } = readSettings();
  if (stack.stage === 'prod' && alarmEmails.length === 0) {
    throw new Error('The prod stage needs ALARM_EMAIL: nobody would hear its alarms (docs/deploy.md)');
  }
  const topic = new Topic(stack, 'alarms', { displayName: `Roundwise ${stack.stage} alarms` });
  for (const email of alarmEmails) topic.addSubscription(new EmailSubscription(email));
  topic.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal('budgets.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      // Only this account's budgets.
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );

  const warn = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
    notification: {
      notificationType,
      comparisonOperator: 'GREATER_THAN',
      threshold,
      thresholdType: 'PERCENTAGE',
    },
    subscribers: [{ subscriptionType: 'SNS', address: topic.topicArn }],
  });
  new CfnBudget(stack, 'monthly-cost', {
    budget: {
      budgetName: `${stack.stage}-roundwise-monthly-cost`,
      budgetType: 'COST',
      timeUnit: 'MONTHLY',
      budgetLimit: { amount: monthlyBudgetUsd, unit: 'USD' },
    },
    notificationsWithSubscribers: [warn('ACTUAL', 80), warn('FORECASTED', 100)],
  });

  return { topic };
}

export interface AlarmProps {
  metric: IMetric;
  threshold: number;
  /** Default: at or above the threshold. */
  below?: boolean;
  evaluationPeriods?: number;
  /** What a period without data means. Default: nothing happened, so not breaching. */
  missing?: TreatMissingData;
  description: string;
}

/**
 * An alarm named `<stage>-roundwise-<name>` that mails the on-call topic when it fires and when it
 * clears. `name` is how the runbook (docs/deploy.md) finds it; a test keeps the two in step.
 */
export function alarm(stack: Stack & { stage: string }, name: string, props: AlarmProps) {
  const { topic } = use(Monitoring);
  const periods = props.evaluationPeriods ?? 1;
  const created = new Alarm(stack, `alarm-${name}`, {
    alarmName: `${stack.stage}-roundwise-${name}`,
    alarmDescription: `${props.description} Runbook: docs/deploy.md, "${name}".`,
    metric: props.metric,
    threshold: props.threshold,
    comparisonOperator: props.below
      ? ComparisonOperator.LESS_THAN_THRESHOLD
      : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: periods,
    datapointsToAlarm: periods,
    treatMissingData: props.missing ?? TreatMissingData.NOT_BREACHING,
  });
  created.addAlarmAction(new SnsAction(topic));
  created.addOkAction(new SnsAction(topic));
  return created;
}

/**
 * A function's own log group with a retention period (Lambda's default group keeps lines
 * forever), and alarms on its errors and throttles. `name` is the function's short name.
 */
export function watchFunction(stack: Stack & { stage: string }, name: string, fn: SstFunction) {
  const logs = new LogGroup(stack, `${name}-logs`, { retention: LOG_RETENTION });
  (fn.node.defaultChild as CfnFunction).loggingConfig = { logGroup: logs.logGroupName };
  const five = { period: Duration.minutes(5), statistic: 'Sum' };
  alarm(stack, `${name}-errors`, {
    metric: fn.metricErrors(five),
    threshold: 1,
    description: `The ${name} function threw or timed out.`,
  });
  alarm(stack, `${name}-throttles`, {
    metric: fn.metricThrottles(five),
    threshold: 1,
    description: `Lambda refused to run the ${name} function (concurrency limit).`,
  });
  return logs;
}

/** The app's own metric (functions/src/metrics.ts) for this stage. */
export const appMetric = (
  stage: string,
  name: (typeof METRIC)[keyof typeof METRIC],
  statistic: string,
  period: Duration,
  job?: HeartbeatJob,
) =>
  new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { Stage: stage, ...(job ? { Job: job } : {}) },
    statistic,
    period,
  });
