import 'reflect-metadata';
import { accept, cancel } from 'elicitor/testing';
import type { FakeClock, TestClient } from 'elicitor/testing';
import { ApprovalQueue } from '../src/approval/approval-queue.service.js';
import { Deployer } from '../src/deploy/deployer.service.js';
import { ReleasePlanner } from '../src/deploy/release-planner.service.js';
import { APPROVAL_STATE_TTL_MS } from '../src/deploy-approval.module.js';
import { approver } from './approver.js';
import { RELEASE, deployTestClient } from './deploy-test-client.js';

describe('deploy-approval in memory (TestClient, 2026-07-28)', () => {
  let client: TestClient;
  let clock: FakeClock;
  const deployments = () => client.app!.get(Deployer).deployments;

  beforeEach(async () => {
    ({ client, clock } = await deployTestClient());
  });
  afterEach(() => client.close());

  it('deploys once a person approves, after planning once', async () => {
    const run = await client.callTool('request_deploy', RELEASE, {
      answers: { approval: approver('approve') },
    });
    expect(run.rounds.map((round) => round.resultType)).toStrictEqual(['input_required', 'complete']);
    expect(run.rounds[0]!.inputRequests[0]!.params).toStrictEqual({
      mode: 'form',
      message: 'Deploy billing-api@1.4.2 to production? Risk: high.',
      requestedSchema: {
        type: 'object',
        properties: {
          decision: {
            type: 'string',
            title: 'Decision',
            oneOf: [
              { const: 'approve', title: 'Approve and deploy' },
              { const: 'reject', title: 'Reject' },
            ],
          },
          approver: {
            type: 'string',
            title: 'Your email',
            description: 'Recorded with the decision',
            format: 'email',
          },
          comment: { type: 'string', title: 'Comment', maxLength: 200 },
        },
        required: ['decision', 'approver'],
      },
    });
    expect(run.text).toBe(
      'Deployed billing-api@1.4.2 to production as dep-0001, approved by grace@example.com.',
    );
    expect(deployments()).toStrictEqual([
      { id: 'dep-0001', summary: 'billing-api@1.4.2 to production', approvedBy: 'grace@example.com' },
    ]);
    expect(client.app!.get(ReleasePlanner).plansMade).toBe(1);
  });

  it('deploys nothing when the person rejects', async () => {
    const run = await client.callTool('request_deploy', RELEASE, {
      answers: { approval: approver('reject', 'freeze week') },
    });
    expect(run.text).toBe('Rejected by grace@example.com: freeze week. Nothing was deployed.');
    expect(deployments()).toStrictEqual([]);
  });

  it('deploys nothing when the person closes the form', async () => {
    const run = await client.callTool('request_deploy', RELEASE, { answers: { approval: cancel() } });
    expect(run.text).toBe('No decision (cancel), so nothing was deployed.');
    expect(deployments()).toStrictEqual([]);
  });

  it('refuses a decision that is not one of the choices, asking again', async () => {
    const run = await client.callTool('request_deploy', RELEASE, {
      answers: {
        approval: [accept({ decision: 'maybe', approver: 'grace@example.com' }), approver('approve')()],
      },
    });
    expect(run.rounds).toHaveLength(3);
    expect(String(run.rounds[1]!.inputRequests[0]!.params.message)).toMatch(/not accepted: .*decision/);
    expect(deployments()).toHaveLength(1);
  });

  it.each([
    ['no elicitation at all', {}],
    ['URL mode only', { elicitation: { url: {} } }],
  ])(
    'opens a pending-approval ticket instead of asking when the client declares %s',
    async (_label, capabilities) => {
      const run = await client.callTool('request_deploy', RELEASE, { capabilities });
      expect(run.rounds).toHaveLength(1);
      expect(run.text).toBe(
        'Pending approval: ticket APR-0001 (billing-api@1.4.2 to production) waits for a decision; the client cannot show an approval form.',
      );
      expect(client.app!.get(ApprovalQueue).tickets).toHaveLength(1);
      expect(deployments()).toStrictEqual([]);
      expect((await client.callTool('pending_approvals')).text).toBe(
        'APR-0001: billing-api@1.4.2 to production (the client cannot show an approval form)',
      );
    },
  );

  describe('a long wait for the person', () => {
    const call = async (extra: Record<string, unknown> = {}) =>
      (await client.request('tools/call', { name: 'request_deploy', arguments: RELEASE, ...extra })).body;
    const approval = {
      approval: { action: 'accept', content: { decision: 'approve', approver: 'grace@example.com' } },
    };

    it('still deploys when the answer comes back 23 hours later: nothing waited on the server meanwhile', async () => {
      const asked = (await call()).result as { requestState: string };
      clock.advance(23 * 60 * 60_000);
      const done = await call({ requestState: asked.requestState, inputResponses: approval });
      expect(done.result).toMatchObject({
        content: [{ type: 'text', text: expect.stringMatching(/^Deployed billing-api@1\.4\.2/) }],
      });
      expect(deployments()).toHaveLength(1);
    });

    it('refuses an answer that comes back after the requestState lifetime, deploying nothing', async () => {
      const asked = (await call()).result as { requestState: string };
      clock.advance(APPROVAL_STATE_TTL_MS + 1);
      const late = await call({ requestState: asked.requestState, inputResponses: approval });
      expect(late.error).toStrictEqual({
        code: -32602,
        message: 'Invalid or expired requestState',
        data: { reason: 'invalid_request_state' },
      });
      expect(deployments()).toStrictEqual([]);
    });
  });
});
