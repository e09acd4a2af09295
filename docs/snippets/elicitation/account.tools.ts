import { Context, Ctx, ElicitRequestParams, Tool, Tools, isInputRequired } from 'elicitor';
import { Accounts } from './accounts.service.js';

@Tools()
export class AccountTools {
  constructor(private readonly accounts: Accounts) {}

  @Tool({ description: 'Looks up an account, asking which one' })
  async findAccount(@Ctx() ctx: Context): Promise<string> {
    try {
      const answer = await ctx.elicit(
        'account',
        ElicitRequestParams.form('Which account?').withRequired('id', 'string'),
      );
      const id = answer.content()?.id;
      if (typeof id !== 'string') return 'No account chosen.';
      return await this.accounts.describe(id);
    } catch (error) {
      // Not a failure: this round is asking the user. Let it through.
      if (isInputRequired(error)) throw error;
      return `Could not look the account up: ${(error as Error).message}`;
    }
  }
}
