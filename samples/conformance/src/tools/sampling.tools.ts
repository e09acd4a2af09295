import { Args, Context, Ctx, Field, Tool, Tools } from 'elicitor';

export class SamplingArgs {
  @Field({ description: 'The prompt to send to the client model' }) prompt!: string;
}

type SamplingResult = Awaited<ReturnType<Context['sample']>>;

/** The text of a sampling answer, whatever block shape the client sent. */
export function sampledText(result: SamplingResult): string {
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  return blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');
}

@Tools()
export class SamplingTools {
  @Tool({ name: 'test_sampling', description: "Asks the client's model to answer a prompt" })
  async sampling(@Args() args: SamplingArgs, @Ctx() ctx: Context): Promise<string> {
    const result = await ctx.sample('llm', {
      messages: [{ role: 'user', content: { type: 'text', text: args.prompt } }],
      maxTokens: 100,
    });
    return `LLM response: ${sampledText(result)}`;
  }
}
