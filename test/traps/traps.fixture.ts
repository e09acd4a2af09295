import 'reflect-metadata';
import { Context, Ctx, ElicitRequestParams, ElicitSchema, Field, Tool, Tools } from 'elicitor';

let runs = 0;

/** The mistakes a new user makes, each in one tool. */
@Tools()
export class TrapTools {
  @Tool({ description: 'Asks a question whose text changes on every run (a nonce in the message)' })
  async changingQuestion(@Ctx() ctx: Context): Promise<string> {
    const nonce = `${Date.now()}-${++runs}`;
    const answer = await ctx.elicit(
      'consent',
      ElicitRequestParams.form(`Continue? (request ${nonce})`).withRequired('ok', 'boolean'),
    );
    return `consent: ${String(answer.content()?.ok)}`;
  }

  @Tool({ description: 'Computes the nonce once, inside memo: the question stays the same' })
  async memoisedQuestion(@Ctx() ctx: Context): Promise<string> {
    const nonce = await ctx.memo('nonce', () => `${Date.now()}-${++runs}`);
    const answer = await ctx.elicit(
      'consent',
      ElicitRequestParams.form(`Continue? (request ${nonce})`).withRequired('ok', 'boolean'),
    );
    return `consent: ${String(answer.content()?.ok)}`;
  }

  @Tool({ description: 'Asks two different questions under one key' })
  async reusedKey(@Ctx() ctx: Context): Promise<string> {
    await ctx.elicit('answer', ElicitRequestParams.form('First?').withRequired('ok', 'boolean'));
    await ctx.elicit('answer', ElicitRequestParams.form('Second?').withRequired('ok', 'boolean'));
    return 'asked twice';
  }

  @Tool({ description: 'Asks under the one key a plain object cannot hold as its own' })
  async protoKey(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      '__proto__',
      ElicitRequestParams.form('Sure?').withRequired('ok', 'boolean'),
    );
    return `sure: ${String(answer.content()?.ok)}`;
  }

  @Tool({ description: 'Memoises under the one key a plain object cannot hold as its own' })
  async protoMemo(@Ctx() ctx: Context): Promise<string> {
    return String(await ctx.memo('__proto__', () => 1));
  }

  @Tool({ description: 'Asks the same question twice under one key: one answer serves both' })
  async repeatedQuestion(@Ctx() ctx: Context): Promise<string> {
    const question = ElicitRequestParams.form('Sure?').withRequired('ok', 'boolean');
    const first = await ctx.elicit('sure', question);
    const second = await ctx.elicit('sure', question);
    return `${String(first.content()?.ok)} ${String(second.content()?.ok)}`;
  }

  @Tool({ description: 'Memoises a Map' })
  async memoMap(@Ctx() ctx: Context): Promise<string> {
    const sizes = await ctx.memo('sizes', () => ({ chosen: new Map([['m', 1]]) }));
    await ctx.elicit('ok', ElicitRequestParams.form('Go?').withRequired('ok', 'boolean'));
    return String(sizes.chosen.get('m'));
  }

  @Tool({ description: 'Memoises a BigInt' })
  async memoBigint(@Ctx() ctx: Context): Promise<string> {
    const total = await ctx.memo('total', () => 10n);
    return String(total);
  }

  @Tool({ description: 'Memoises a Date and a plain object; once returns a Date' })
  async memoDate(@Ctx() ctx: Context): Promise<string> {
    const quote = await ctx.memo('quote', () => ({ at: new Date(Date.UTC(2026, 0, 2)), price: 7 }));
    const booked = await ctx.once('book', () => new Date(Date.UTC(2026, 0, 3)));
    await ctx.elicit('ok', ElicitRequestParams.form('Go?').withRequired('ok', 'boolean'));
    return `${quote.at instanceof Date} ${quote.at.toISOString()} ${quote.price} ${booked instanceof Date} ${booked.toISOString()}`;
  }

  @Tool({ description: 'Offers choices known only at run time' })
  async pickColour(@Ctx() ctx: Context): Promise<string> {
    const offered = await ctx.memo('offered', () => ['teal', 'plum']);
    const answer = await ctx.elicit(
      'colour',
      ElicitRequestParams.form('Pick a colour').withSchema(PickColour, { choices: { colour: offered } }),
    );
    return `picked ${answer.content()?.colour ?? 'nothing'}`;
  }

  @Tool({ description: 'A once effect that returns a class instance' })
  async onceInstance(@Ctx() ctx: Context): Promise<string> {
    const receipt = await ctx.once('receipt', () => new Receipt('r1'));
    return receipt.id;
  }
}

@ElicitSchema()
export class PickColour {
  @Field({ runtimeChoices: true }) colour!: string;
}

class Receipt {
  constructor(readonly id: string) {}
}
