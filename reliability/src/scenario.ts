/** One check of a reliability scenario: a named property that held or did not. */
export interface CheckResult {
  name: string;
  passed: boolean;
  /** What was measured, shown beside the check (counts, the first failure). */
  detail?: string;
}

/** What a scenario found: its checks, and the figures the report prints. */
export interface ScenarioOutcome {
  checks: CheckResult[];
  figures: Record<string, number | string>;
}

/**
 * A reliability scenario: it starts the real servers it needs (and stops them), drives them with
 * bounded, seeded traffic on loopback, and reports checks and figures. It never throws for a failed
 * check; a thrown error counts as one failed check.
 */
export interface ReliabilityScenario {
  name: string;
  run(): Promise<ScenarioOutcome>;
}

/** Builds a check from a condition. */
export function check(name: string, passed: boolean, detail?: string): CheckResult {
  return detail === undefined ? { name, passed } : { name, passed, detail };
}
