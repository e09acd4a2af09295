import { IsPositive } from 'class-validator';
import {
  Args,
  Context,
  Ctx,
  ElicitRequestParams,
  Field,
  Tool,
  Tools,
  UrlElicitationRequiredError,
} from 'elicitor';
import { DeployForm } from '../forms/deploy.form.js';
import { GithubConnections } from '../services/github-connections.service.js';

export class PayBillArgs {
  @Field({ description: 'Amount in dollars' }) @IsPositive() amount!: number;
}

export const PAYMENT_PAGE = 'https://pay.example.com/checkout';
export const GITHUB_CONNECT_PAGE = 'https://example.com/connect/github';

@Tools()
export class AccountTools {
  constructor(private readonly github: GithubConnections) {}

  @Tool({ description: 'Pays a bill on a secure payment page (URL mode)' })
  async payABill(@Args() args: PayBillArgs, @Ctx() ctx: Context): Promise<string> {
    const link = `${PAYMENT_PAGE}?amount=${args.amount}`;
    const page = ElicitRequestParams.url(link, `Pay $${args.amount} on the secure payment page`);
    // Card details never go through a form: a client without URL mode (2025-06-18) gets the link.
    if (!ctx.clientCapabilities.elicitation?.allows(page)) {
      return `Open ${link} to pay $${args.amount} on the secure payment page.`;
    }
    const answer = await ctx.elicit('payment', page);
    return answer.action === 'accept'
      ? `Payment of $${args.amount} started on the payment page.`
      : `Payment not started (${answer.action}).`;
  }

  @Tool({ description: 'Configures a deployment: replicas, verbosity and environment, with defaults' })
  async configureDeploy(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'deploy',
      ElicitRequestParams.form('Configure the deployment').withSchema(DeployForm),
    );
    const form = answer.content();
    if (!form) return 'Deployment not configured.';
    return `Deploying ${form.replicas} replica(s) to ${form.environment}${form.verbose ? ' with verbose logging' : ''}.`;
  }

  @Tool({
    description: 'Lists your GitHub repositories; the first call asks you to connect GitHub on a web page',
  })
  async accessGithub(@Ctx() ctx: Context): Promise<string> {
    const user = ctx.principal ?? 'anonymous';
    if (!this.github.isConnected(user)) {
      this.github.startConnecting(user);
      // Without URL mode there is no -32042 to send: the link goes in the reply instead.
      if (!ctx.clientCapabilities.elicitation?.url) {
        return `Connect your GitHub account at ${GITHUB_CONNECT_PAGE}, then call this tool again.`;
      }
      throw new UrlElicitationRequiredError([
        { key: 'github', url: GITHUB_CONNECT_PAGE, message: 'Connect your GitHub account to continue' },
      ]);
    }
    return `Repositories of ${user}: elicitor, seed-tour`;
  }
}
