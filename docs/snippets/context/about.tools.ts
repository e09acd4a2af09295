import { Context, Ctx, Tool, Tools } from 'elicitor';

@Tools()
export class AboutTools {
  @Tool({ description: 'Says who is calling, on which wire, in which round' })
  about(@Ctx() ctx: Context): string {
    const client = ctx.clientInfo?.name ?? 'an unnamed client';
    const forms = ctx.clientCapabilities.elicitation?.form ? 'answers forms' : 'cannot answer forms';
    return `${client} on ${ctx.protocolVersion} (${ctx.era}), round ${ctx.round} of ${ctx.target.name}; it ${forms}`;
  }
}
