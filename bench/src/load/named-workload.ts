import { benchConfig } from '../bench.config.js';
import { flowVariantQuestions } from '../wire/flow-variants.js';
import { EchoWorkload } from './echo.workload.js';
import { FlowVariantWorkload } from './flow-variant.workload.js';
import { FlowWorkload } from './flow.workload.js';
import type { Workload } from './workload.js';

/**
 * The workload a name on the command line stands for: `echo`, `flow` or `flow-<n>q`, with the bench's
 * concurrency unless `concurrency` is given.
 */
export function workloadNamed(name: string, concurrency?: number): Workload {
  const questions = flowVariantQuestions(name);
  if (questions !== undefined)
    return new FlowVariantWorkload(concurrency ?? benchConfig.flowConcurrency, questions);
  return name === 'flow'
    ? new FlowWorkload(concurrency ?? benchConfig.flowConcurrency)
    : new EchoWorkload(concurrency ?? benchConfig.echoConcurrency);
}
