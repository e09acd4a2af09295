import { benchConfig } from '../bench.config.js';
import { appFlowVariantQuestions, flowVariantQuestions } from '../wire/flow-variants.js';
import { EchoWorkload } from './echo.workload.js';
import { FlowVariantWorkload } from './flow-variant.workload.js';
import { FlowWorkload } from './flow.workload.js';
import { LegacyEchoWorkload, LegacyFlowWorkload } from './legacy.workloads.js';
import type { Workload } from './workload.js';

/**
 * The workload a name on the command line stands for: `echo`, `flow`, `flow-<n>q`, `flow-<n>q-app` (a
 * client that renders MCP Apps, against a server whose questions have one), or (on the server at
 * `port`) `legacy-echo` and `legacy-flow`, with the bench's concurrency unless `concurrency` is given.
 */
export function workloadNamed(name: string, concurrency?: number, port?: number): Workload {
  if (name === 'legacy-echo' || name === 'legacy-flow') {
    if (port === undefined) throw new Error(`${name} needs the server's port`);
    return name === 'legacy-flow'
      ? new LegacyFlowWorkload(concurrency ?? benchConfig.flowConcurrency, port)
      : new LegacyEchoWorkload(concurrency ?? benchConfig.echoConcurrency, port);
  }
  const appQuestions = appFlowVariantQuestions(name);
  if (appQuestions !== undefined)
    return new FlowVariantWorkload(concurrency ?? benchConfig.flowConcurrency, appQuestions, true);
  const questions = flowVariantQuestions(name);
  if (questions !== undefined)
    return new FlowVariantWorkload(concurrency ?? benchConfig.flowConcurrency, questions);
  return name === 'flow'
    ? new FlowWorkload(concurrency ?? benchConfig.flowConcurrency)
    : new EchoWorkload(concurrency ?? benchConfig.echoConcurrency);
}
