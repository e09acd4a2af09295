import { FakeClock, TestClient } from 'elicitor/testing';
import { DeployApprovalModule, deployApprovalOptions } from '../src/deploy-approval.module.js';

/** The release the in-memory specs ask to deploy. */
export const RELEASE = { service: 'billing-api', version: '1.4.2', environment: 'production' };

const quiet = { info() {}, warn() {}, error() {} };

/** The sample in memory, on a clock the spec moves by hand; logs stay quiet. */
export async function deployTestClient(): Promise<{ client: TestClient; clock: FakeClock }> {
  const clock = new FakeClock();
  const client = await TestClient.create(DeployApprovalModule.forRoot(), {
    ...deployApprovalOptions,
    logger: quiet,
    clock,
  });
  return { client, clock };
}
