import { randomBytes } from 'node:crypto';
import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { ConfirmationForm } from '../forms/confirmation.form.js';
import { FavoriteColorForm } from '../forms/favorite-color.form.js';
import { UserNameForm } from '../forms/user-name.form.js';
import { sampledText } from './sampling.tools.js';

const askName = (message: string) => ElicitRequestParams.form(message).withSchema(UserNameForm);
const confirm = () => ElicitRequestParams.form('Please confirm').withSchema(ConfirmationForm);

/**
 * The SEP-2322 (multi round-trip) scenarios. Each handler is written straight through; on 2026-07-28
 * Elicitor turns every unanswered `ctx.elicit` / `ctx.sample` / `ctx.listRoots` into an `input_required`
 * result with sealed `requestState`, and re-runs the handler with the answers on the retry.
 */
@Tools()
export class InputRequiredTools {
  @Tool({
    name: 'test_input_required_result_elicitation',
    description: 'Asks for your name, then greets you',
  })
  async elicitation(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('user_name', askName('What is your name?'));
    return answer.map((form) => `Hello, ${form.name}!`) ?? `No name given (${answer.action}).`;
  }

  @Tool({
    name: 'test_input_required_result_sampling',
    description: "Asks the client's model for the capital of France",
  })
  async sampling(@Ctx() ctx: Context): Promise<string> {
    const result = await ctx.sample('capital_question', {
      messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
      maxTokens: 100,
    });
    return `The model answered: ${sampledText(result)}`;
  }

  @Tool({ name: 'test_input_required_result_list_roots', description: "Lists the client's roots" })
  async listRoots(@Ctx() ctx: Context): Promise<string> {
    const { roots } = await ctx.listRoots('client_roots');
    return `Client roots: ${roots.map((root) => root.uri).join(', ') || '(none)'}`;
  }

  /** The nonce is made in round 1 and only comes back through the sealed state, proving the round trip. */
  @Tool({
    name: 'test_input_required_result_request_state',
    description: 'Asks for a confirmation and carries a value across rounds in requestState',
  })
  async requestState(@Ctx() ctx: Context): Promise<string> {
    const nonce = await ctx.memo('nonce', () => randomBytes(6).toString('hex'));
    const answer = await ctx.elicit('confirm', confirm());
    const ok = answer.content()?.ok === true;
    return `state-ok: nonce ${nonce} survived the round trip; confirmed=${ok}`;
  }

  /** All three questions are asked in the same round, so they arrive in one input_required result. */
  @Tool({
    name: 'test_input_required_result_multiple_inputs',
    description: 'Asks for a name, a greeting and the roots at once',
  })
  async multipleInputs(@Ctx() ctx: Context): Promise<string> {
    const [name, greeting, roots] = await Promise.all([
      ctx.elicit('user_name', askName('What is your name?')),
      ctx.sample('greeting', {
        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
        maxTokens: 50,
      }),
      ctx.listRoots('client_roots'),
    ]);
    const who = name.content()?.name ?? 'stranger';
    return `${sampledText(greeting)}, ${who}! Roots: ${roots.roots.map((root) => root.uri).join(', ')}`;
  }

  @Tool({
    name: 'test_input_required_result_multi_round',
    description: 'Asks for your name, then in a second round your favourite color',
  })
  async multiRound(@Ctx() ctx: Context): Promise<string> {
    const step1 = await ctx.elicit('step1', askName('Step 1: What is your name?'));
    const step2 = await ctx.elicit(
      'step2',
      ElicitRequestParams.form('Step 2: What is your favorite color?').withSchema(FavoriteColorForm),
    );
    return `${step1.content()?.name ?? 'Someone'} likes ${step2.content()?.color ?? 'no color in particular'}.`;
  }

  /** A tampered requestState fails the AEAD check before this handler runs again: -32602. */
  @Tool({
    name: 'test_input_required_result_tampered_state',
    description: 'Asks for a confirmation; a tampered requestState is refused',
  })
  async tamperedState(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit('confirm', confirm());
    return answer.content()?.ok === true ? 'Confirmed.' : 'Not confirmed.';
  }

  /** Asks only what this request's client declared it can answer. */
  @Tool({
    name: 'test_input_required_result_capabilities',
    description: 'Asks only for the input kinds the client declared',
  })
  async capabilities(@Ctx() ctx: Context): Promise<string> {
    const declared = ctx.clientCapabilities;
    const questions: Array<Promise<string>> = [];
    if (declared.elicitation?.form) {
      questions.push(
        ctx
          .elicit('user_name', askName('What is your name?'))
          .then((a) => `name=${a.content()?.name ?? a.action}`),
      );
    }
    if (declared.sampling) {
      questions.push(
        ctx
          .sample('greeting', {
            messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
            maxTokens: 50,
          })
          .then((result) => `greeting=${sampledText(result)}`),
      );
    }
    if (declared.roots) questions.push(ctx.listRoots('client_roots').then((r) => `roots=${r.roots.length}`));
    if (questions.length === 0) return 'The client declared no input capabilities, so nothing was asked.';
    return `Asked only what the client supports: ${(await Promise.all(questions)).join('; ')}`;
  }
}
