import type { IAspect } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';

/** The runtime of every function in the app (sst.config.ts); also SST 2.49's own default. */
export const NODE_RUNTIME = 'nodejs22.x';

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
 * Fails the synth, and so `sst deploy` before it reaches CloudFormation, when a Lambda function
 * is on a runtime AWS no longer accepts. Everything the app creates with sst@2.49.8 runs on
 * nodejs22.x, but some SST 2 constructs the app does not use still hard-code nodejs18.x (RDS's
 * migrator, SsrSite and the sites built on it, Service's dev function). Aspects run after SST has
 * built the functions, so they see the real runtime rather than SST's placeholder.
 */
export class NoRetiredRuntimes implements IAspect {
  visit(node: IConstruct) {
    if (node instanceof CfnFunction && node.runtime && !isCurrentRuntime(node.runtime)) {
      throw new Error(
        `${node.node.path} uses the retired Lambda runtime ${node.runtime}: ` +
          `set it to ${NODE_RUNTIME} or avoid the construct that creates it (see docs/deploy.md).`,
      );
    }
  }
}
