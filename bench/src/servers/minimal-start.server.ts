// The smallest useful app: one tool, its arguments described with `@Field` only (no class-validator
// rules), no tasks, no fleet, no auth. What any app pays at start.
import { Args, Elicitor, Field, Tool, Tools } from 'elicitor';
import { serveAsChild } from './child-harness.js';

class GreetArgs {
  @Field({ description: 'Who to greet' }) name!: string;
}

@Tools()
class GreetTools {
  @Tool({ description: 'Greets someone' })
  greet(@Args() args: GreetArgs): string {
    return `Hello, ${args.name}!`;
  }
}

await serveAsChild(async () => {
  const app = await Elicitor.create({ name: 'minimal-start', version: '1.0.0', tools: [GreetTools] });
  const { port } = await app.listen({ http: { port: 0, host: '127.0.0.1' } });
  return { port: port!, close: () => app.close() };
});
