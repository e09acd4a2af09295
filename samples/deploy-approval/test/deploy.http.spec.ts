import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/client';
import type { ElicitorApp } from 'elicitor';
import { connectHttp, officialClient } from '../../../test/support/official-client.js';
import type { ClientSetup } from '../../../test/support/official-client.js';
import { startHttpModuleApp, textOf } from '../../../test/support/transports.js';
import { ApprovalQueue } from '../src/approval/approval-queue.service.js';
import { Deployer } from '../src/deploy/deployer.service.js';
import { DeployApprovalModule, deployApprovalOptions } from '../src/deploy-approval.module.js';
import { approver, slowApprover } from './approver.js';

const quiet = { info() {}, warn() {}, error() {} };
const RELEASE = { service: 'search', version: '2.0.0', environment: 'staging' };

describe.each(['modern', 'legacy'] as const)(
  'deploy-approval over HTTP, official client on the %s wire',
  (era) => {
    let app: ElicitorApp;
    let url: string;
    let client: Client | undefined;
    const deployments = () => app.get(Deployer).deployments;
    const connect = async (setup: Omit<ClientSetup, 'era'>) => {
      client = await connectHttp(officialClient({ era, ...setup }), url);
      return client;
    };

    beforeEach(async () => {
      ({ app, url } = await startHttpModuleApp(DeployApprovalModule.forRoot({ approvalTimeoutMs: 300 }), {
        ...deployApprovalOptions,
        logger: quiet,
      }));
    });
    afterEach(async () => {
      await client?.close();
      client = undefined;
      await app.close();
    });

    it('deploys after approval', async () => {
      const result = await (
        await connect({ onElicit: approver('approve') })
      ).callTool({ name: 'request_deploy', arguments: RELEASE });
      expect(textOf(result)).toBe(
        'Deployed search@2.0.0 to staging as dep-0001, approved by grace@example.com.',
      );
      expect(deployments()).toHaveLength(1);
    });

    it('deploys nothing after a rejection', async () => {
      const result = await (
        await connect({ onElicit: approver('reject') })
      ).callTool({ name: 'request_deploy', arguments: RELEASE });
      expect(textOf(result)).toBe('Rejected by grace@example.com. Nothing was deployed.');
      expect(deployments()).toStrictEqual([]);
    });

    it('returns a pending-approval ticket when the client declared no elicitation', async () => {
      const result = await (
        await connect({ capabilities: {} })
      ).callTool({ name: 'request_deploy', arguments: RELEASE });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe(
        'Pending approval: ticket APR-0001 (search@2.0.0 to staging) waits for a decision; the client cannot show an approval form.',
      );
      expect(deployments()).toStrictEqual([]);
    });
  },
);

describe('deploy-approval on the 2025-11-25 wire: the per-call approval timeout', () => {
  let app: ElicitorApp;
  let client: Client;
  const person = slowApprover();

  beforeAll(async () => {
    const started = await startHttpModuleApp(DeployApprovalModule.forRoot({ approvalTimeoutMs: 300 }), {
      ...deployApprovalOptions,
      logger: quiet,
    });
    app = started.app;
    client = await connectHttp(officialClient({ era: 'legacy', onElicit: person.answer }), started.url);
  });
  afterAll(async () => {
    person.release();
    await client.close();
    await app.close();
  });

  it('speaks 2025-11-25', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
  });

  it('gives up after the timeout with a clear message and a ticket, deploying nothing', async () => {
    const started = Date.now();
    const result = await client.callTool({ name: 'request_deploy', arguments: RELEASE });
    await person.asked;

    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe(
      'No decision within 300 ms, so nothing was deployed. Pending approval: ticket APR-0001 (search@2.0.0 to staging) waits for a decision; no decision within 300 ms.',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(app.get(ApprovalQueue).tickets).toHaveLength(1);
    expect(app.get(Deployer).deployments).toStrictEqual([]);
  });
});
