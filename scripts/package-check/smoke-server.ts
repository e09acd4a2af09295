// Built and run inside a scratch project that installed the packed tarball: one real HTTP round trip.
import 'reflect-metadata';
import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { IsIn } from 'class-validator';
import { Args, Ctx, Elicitor, ElicitRequestParams, Field, Tool, Tools } from 'elicitor';
import type { Context } from 'elicitor';
import { TestClient, accept } from 'elicitor/testing';

class GreetArgs {
  @Field({ description: 'Greeting language' }) @IsIn(['en', 'fr']) language!: string;
}

@Tools()
class Greeter {
  @Tool({ description: 'Greets someone by name' })
  async greet(@Args() args: GreetArgs, @Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('Your name?').withRequired('name', 'string'),
    );
    const name = answer.content()?.name as string;
    return args.language === 'fr' ? `Bonjour ${name}` : `Hello ${name}`;
  }
}

// No top-level await: the same file is compiled as ESM and as CommonJS.
async function main(): Promise<void> {
  // The optional OpenTelemetry peer: with a provider registered, each round is a span.
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  const app = await Elicitor.create({ name: 'package-check', version: '1.0.0', tools: [Greeter] });
  const { url } = await app.listen({ http: { port: 0 } });
  const run = await TestClient.forUrl(url!).callTool(
    'greet',
    { language: 'fr' },
    { answers: { name: accept({ name: 'Ada' }) } },
  );
  await app.close();
  if (run.text !== 'Bonjour Ada' || run.rounds.length !== 2) {
    throw new Error(`unexpected call outcome: ${JSON.stringify(run)}`);
  }
  const spans = exporter
    .getFinishedSpans()
    .map((span) => `${span.name}: ${span.attributes['elicitor.result_type']}`);
  if (spans.join() !== 'tools/call greet: input_required,tools/call greet: complete') {
    throw new Error(`unexpected spans: ${spans.join()}`);
  }
  console.log(`smoke call ok: "${run.text}" in ${run.rounds.length} rounds, traced as ${spans.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
