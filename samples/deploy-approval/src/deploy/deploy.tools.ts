import { inject } from 'inversify';
import { Args, Context, Ctx, ElicitRequestParams, RequestTimeoutError, Tool, Tools } from 'elicitor';
import type { ElicitResult } from 'elicitor';
import { ApprovalForm } from '../approval/approval.form.js';
import { ApprovalQueue } from '../approval/approval-queue.service.js';
import type { ApprovalTicket } from '../approval/approval-queue.service.js';
import { DEPLOY_SETTINGS } from '../deploy-settings.js';
import type { DeploySettings } from '../deploy-settings.js';
import { DeployArgs } from './deploy.args.js';
import { Deployer } from './deployer.service.js';
import { ReleasePlanner } from './release-planner.service.js';

/**
 * A deployment waits for a person. Three ways the wait can go:
 * - 2026-07-28 clients: the call returns the approval form and comes back whenever the person answers
 *   (within the requestState lifetime); nothing is held open on the server meanwhile. A client that
 *   declares the Tasks extension gets a task instead: it polls it, and answers the form with tasks/update.
 * - 2025 clients: the form is pushed to the client and the call waits, up to `approvalTimeoutMs`. A
 *   2025-11-25 client that calls it as a task (`params.task`) gets the form pushed for the task instead.
 * - Clients that cannot show a form: the request becomes a ticket for someone to decide later.
 */
@Tools()
export class DeployTools {
  constructor(
    private readonly planner: ReleasePlanner,
    private readonly deployer: Deployer,
    private readonly queue: ApprovalQueue,
    @inject(DEPLOY_SETTINGS) private readonly settings: DeploySettings,
  ) {}

  // A client that asks for a task (the Tasks extension, or params.task on 2025-11-25) gets one to poll;
  // any other calls it as before.
  @Tool({
    description: 'Deploys a service version once a person approves it',
    annotations: { destructiveHint: true },
    task: 'optional',
  })
  async requestDeploy(@Args() args: DeployArgs, @Ctx() ctx: Context): Promise<string> {
    const plan = await ctx.memo('plan', () => this.planner.plan(args));
    const question = ElicitRequestParams.form(`Deploy ${plan.summary}? Risk: ${plan.risk}.`).withSchema(
      ApprovalForm,
    );
    if (!ctx.clientCapabilities.elicitation?.allows(question)) {
      return pending(this.queue.open(args, 'the client cannot show an approval form'));
    }

    let answer: ElicitResult<ApprovalForm>;
    try {
      // The timeout bounds the push model (2025 clients) only; on 2026-07-28 the requestState TTL does.
      answer = await ctx.elicit('approval', question, { timeoutMs: this.settings.approvalTimeoutMs });
    } catch (error) {
      // Anything else, including the input-required signal of a 2026-07-28 round, must go on up.
      if (!(error instanceof RequestTimeoutError)) throw error;
      const ticket = this.queue.open(args, `no decision within ${describe(error.timeoutMs)}`);
      return `No decision within ${describe(error.timeoutMs)}, so nothing was deployed. ${pending(ticket)}`;
    }

    const decision = answer.content();
    if (!decision) return `No decision (${answer.action}), so nothing was deployed.`;
    if (decision.decision === 'reject') {
      return `Rejected by ${decision.approver}${decision.comment ? `: ${decision.comment}` : ''}. Nothing was deployed.`;
    }
    const deployment = await ctx.once('deploy', () => this.deployer.deploy(plan, decision.approver));
    return `Deployed ${plan.summary} as ${deployment.id}, approved by ${decision.approver}.`;
  }

  @Tool({ description: 'Lists deployments waiting for a decision', annotations: { readOnlyHint: true } })
  pendingApprovals(): string {
    const tickets = this.queue.tickets;
    if (tickets.length === 0) return 'Nothing is waiting for approval.';
    return tickets
      .map(
        (ticket) =>
          `${ticket.id}: ${ticket.service}@${ticket.version} to ${ticket.environment} (${ticket.reason})`,
      )
      .join('\n');
  }
}

function pending(ticket: ApprovalTicket): string {
  return `Pending approval: ticket ${ticket.id} (${ticket.service}@${ticket.version} to ${ticket.environment}) waits for a decision; ${ticket.reason}.`;
}

function describe(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1_000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
