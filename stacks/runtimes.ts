import type { IAspect } from 'aws-cdk-lib';
import { CfnFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { Function as SstFunction, Stack as SstStack, StaticSite } from 'sst/constructs';

export const NODE_RUNTIME = 'nodejs22.x';
export const PYTHON_RUNTIME = 'python3.11';

/**
 * Node 22+ and Python 3.11+: AWS Lambda has retired or scheduled the retirement of everything
 * older (nodejs18.x ended in 2025, nodejs20.x and python3.10 end in 2026).
 */
export function isCurrentRuntime(runtime: string) {
  const node = /^nodejs(\d+)\.x$/.exec(runtime);
  if (node) return Number(node[1]) >= 22;
  const python = /^python3\.(\d+)$/.exec(runtime);
  if (python) return Number(python[1]) >= 11;
  return true;
}

/**
 * sst@2.8.23 and the aws-cdk-lib it pins create Lambda functions on runtimes AWS no longer
 * accepts: SST's functions know nothing newer than nodejs18.x (default nodejs16.x), each stack's
 * custom-resource handler is nodejs16.x, and StaticSite's uploader is python3.7, which the AWS CLI
 * layer it runs (built for Python 3.11, needs >= 3.10) cannot even start on. All of those are
 * self-contained, so this aspect moves them to current runtimes at synth time. Any other function
 * on a retired runtime (CDK 2.72's own handlers rely on the aws-sdk v2 that only old runtimes
 * ship) fails the synth here rather than the deploy.
 */
export class CurrentRuntimes implements IAspect {
  visit(node: IConstruct) {
    if (!(node instanceof CfnFunction) || !node.runtime || isCurrentRuntime(node.runtime)) return;
    const owner = node.node.scope;
    if (owner instanceof SstFunction || isStackCustomResourceHandler(owner)) {
      if (node.runtime.startsWith('nodejs')) node.runtime = NODE_RUNTIME;
    } else if (owner instanceof LambdaFunction && owner.node.scope instanceof StaticSite) {
      if (node.runtime.startsWith('python')) node.runtime = PYTHON_RUNTIME;
    }
    if (!isCurrentRuntime(node.runtime)) {
      throw new Error(
        `${node.node.path} uses the retired Lambda runtime ${node.runtime} and cannot be upgraded safely: ` +
          'avoid the construct that creates it (see docs/deploy.md).',
      );
    }
  }
}

function isStackCustomResourceHandler(owner: IConstruct | undefined) {
  return (
    owner instanceof LambdaFunction &&
    owner.node.id === 'CustomResourceHandler' &&
    owner.node.scope instanceof SstStack
  );
}
