import { Module } from 'elicitor';
import type { DynamicModule, ElicitorAppOptions } from 'elicitor';
import { ApprovalQueue } from './approval/approval-queue.service.js';
import { DEFAULT_APPROVAL_TIMEOUT_MS, DEPLOY_SETTINGS } from './deploy-settings.js';
import type { DeploySettings } from './deploy-settings.js';
import { DeployTools } from './deploy/deploy.tools.js';
import { Deployer } from './deploy/deployer.service.js';
import { ReleasePlanner } from './deploy/release-planner.service.js';

/** A person may take a day to answer a 2026-07-28 approval form; the sealed requestState lives that long. */
export const APPROVAL_STATE_TTL_MS = 24 * 60 * 60_000;

/** The root module, used as `DeployApprovalModule.forRoot(settings)`: tests shorten the approval timeout. */
@Module({
  tools: [DeployTools],
  providers: [ReleasePlanner, Deployer, ApprovalQueue],
})
export class DeployApprovalModule {
  static forRoot(settings: Partial<DeploySettings> = {}): DynamicModule {
    const resolved: DeploySettings = { approvalTimeoutMs: DEFAULT_APPROVAL_TIMEOUT_MS, ...settings };
    return {
      module: DeployApprovalModule,
      providers: [{ provide: DEPLOY_SETTINGS, useValue: resolved }],
    };
  }
}

/** The app's options, shared by `main.ts` and the tests. */
export const deployApprovalOptions: ElicitorAppOptions = {
  name: 'deploy-approval',
  version: '0.1.0',
  instructions:
    'request_deploy asks a person to approve before anything ships; pending_approvals lists what waits.',
  requestState: { ttlMs: APPROVAL_STATE_TTL_MS },
  // A deployment run as a task waits for its approver as long.
  tasks: { ttlMs: APPROVAL_STATE_TTL_MS },
};
