/** Injection token of the app's `DeploySettings` (a value provider). */
export const DEPLOY_SETTINGS = Symbol.for('deploy-approval:settings');

export interface DeploySettings {
  /** How long a legacy (2025) client may keep the approval form open before the call gives up. */
  approvalTimeoutMs: number;
}

/** Half an hour: a person has to notice the request, read the plan and decide. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 30 * 60_000;
