// Flows of several lengths, to see what one round costs as the number of settled answers grows.
import { answerFor } from './mcp-wire.js';

/** One tool asks `questions` questions, one per round, then completes: n questions = n + 1 rounds. */
export const FLOW_VARIANT_TOOL = 'flow_n';
export const FLOW_VARIANT_QUESTIONS = [2, 3, 5] as const;
export const MAX_FLOW_VARIANT_QUESTIONS = 8;

const WORKLOAD_NAME = /^flow-(\d+)q$/;

export const flowVariantWorkloadName = (questions: number): string => `flow-${questions}q`;

/** The question count of a `flow-<n>q` workload name, or undefined for any other name. */
export function flowVariantQuestions(workloadName: string): number | undefined {
  const match = WORKLOAD_NAME.exec(workloadName);
  return match ? Number(match[1]) : undefined;
}

const APP_WORKLOAD_NAME = /^flow-(\d+)q-app$/;

export const appFlowVariantWorkloadName = (questions: number): string => `flow-${questions}q-app`;

/**
 * The question count of a `flow-<n>q-app` workload name: the same flow, asked of a client that renders
 * MCP Apps, so every question carries its app. Undefined for any other name.
 */
export function appFlowVariantQuestions(workloadName: string): number | undefined {
  const match = APP_WORKLOAD_NAME.exec(workloadName);
  return match ? Number(match[1]) : undefined;
}

/** The keys the variant asks, in order: `q1`, `q2`, ... */
export function flowVariantKeys(questions: number): string[] {
  return Array.from({ length: questions }, (_, index) => `q${index + 1}`);
}

export const flowVariantFinalText = (questions: number): string =>
  flowVariantKeys(questions)
    .map((key) => `${key}=${answerFor(key)}`)
    .join(' ');
