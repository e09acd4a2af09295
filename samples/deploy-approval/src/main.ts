import 'reflect-metadata';
import { Elicitor } from 'elicitor';
import { createDeployApprovalModule } from './deploy-approval.module.js';

const timeout = process.env.APPROVAL_TIMEOUT_MS;
const app = await Elicitor.create(
  createDeployApprovalModule(timeout ? { approvalTimeoutMs: Number(timeout) } : {}),
);
await app.run('deploy-approval');
