import 'reflect-metadata';
import { Ctx, ElicitRequestParams, RequireScopes, Tool, Tools, UseGuards } from 'elicitor';
import type { Context } from 'elicitor';

/** Tools behind scopes: reading needs `repo:read`, publishing also `repo:write` and a confirmation. */
@Tools()
@UseGuards(RequireScopes('repo:read'))
export class RepoTools {
  @Tool({ description: 'Says who is calling and with which scopes' })
  whoAmI(@Ctx() ctx: Context): string {
    return `${ctx.principal} (${ctx.authInfo?.scopes.join(' ')})`;
  }

  @Tool({ description: 'Publishes after a confirmation' })
  @UseGuards(RequireScopes('repo:write'))
  async publish(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('go', ElicitRequestParams.form('Publish?').withRequired('go', 'boolean'));
    return answer.action === 'accept' ? 'published' : 'kept';
  }
}
