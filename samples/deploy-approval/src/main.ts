import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { DeployApprovalModule, deployApprovalOptions } from './deploy-approval.module.js';

const timeout = process.env.APPROVAL_TIMEOUT_MS;
const app = await Elicitor.create(
  DeployApprovalModule.forRoot(timeout ? { approvalTimeoutMs: Number(timeout) } : {}),
  deployApprovalOptions,
);
await app.run('deploy-approval');
