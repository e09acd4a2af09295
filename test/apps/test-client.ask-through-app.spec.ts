import 'reflect-metadata';
import { Ctx, ElicitRequestParams, FORM_APP_URI, Tool, Tools, UseGuards } from 'elicitor';
import type { Context } from 'elicitor';
import { TestClient, accept, appQuestionOf, fromApp } from 'elicitor/testing';
import { AppsModule } from '../fixtures/apps-app/src/apps.module.js';

/** Whether the guard lets calls through: closed between rounds to check it runs on the re-run too. */
const gate = { open: true };
const seen: boolean[] = [];

@Tools()
class NameTools {
  @Tool({ description: 'Asks for a name, and says whether it asked through an app' })
  @UseGuards({ canActivate: () => gate.open })
  async askName(@Ctx() ctx: Context): Promise<string> {
    seen.push(ctx.asksThroughApp);
    const answer = await ctx.elicit(
      'name',
      ElicitRequestParams.form('Your name?').withRequired('name', 'string'),
    );
    return `Hello ${answer.content()?.name ?? 'nobody'}`;
  }
}

describe('TestClient as a host that renders apps and cannot elicit', () => {
  it('answers the question’s own app through elicitor_answer', async () => {
    const client = await TestClient.create(AppsModule, { askThroughApps: true });
    const run = await client.callTool(
      'pick_meal',
      {},
      { throughApp: true, answers: { meal: fromApp('ui://seats/picker', { meal: 'fish' }) } },
    );
    expect(run.text).toBe('Meal fish');
    expect(
      run.rounds.map((round) => [round.throughApp, round.inputRequests.map((q) => q.app)]),
    ).toStrictEqual([
      [true, ['ui://seats/picker']],
      [undefined, []],
    ]);
    await client.close();
  });

  it('asks an invalid answer again, then completes; the tool sees ctx.asksThroughApp', async () => {
    const client = await TestClient.create({ tools: [NameTools], askThroughApps: true });
    seen.length = 0;
    const run = await client.callTool(
      'ask_name',
      {},
      { throughApp: true, answers: { name: [accept({ name: 42 }), accept({ name: 'Ada' })] } },
    );
    expect(run.text).toBe('Hello Ada');
    expect(run.rounds).toHaveLength(3);
    expect(run.rounds[1]!.inputRequests[0]!.params.message).toContain(
      'Your previous answer was not accepted',
    );
    expect(seen).toStrictEqual([true, true, true]);
    const plain = await client.callTool('ask_name', {}, { answers: { name: accept({ name: 'Bo' }) } });
    expect(plain.text).toBe('Hello Bo');
    expect(seen.slice(3)).toStrictEqual([false, false]);
    await client.close();
  });

  it('lists the form app for the host, and the guard still runs on the re-run', async () => {
    const client = await TestClient.create({ tools: [NameTools], askThroughApps: true });
    const listed = await client.request('tools/list', {}, { throughApp: true });
    const tools = (listed.body.result as { tools: Array<{ name: string; _meta?: unknown }> }).tools;
    expect(tools.find((tool) => tool.name === 'ask_name')?._meta).toStrictEqual({
      ui: { resourceUri: FORM_APP_URI },
    });
    const first = await client.callTool('ask_name', {}, { throughApp: true });
    const question = appQuestionOf(first.result)!;
    expect(question).toMatchObject({ key: 'name', message: 'Your name?' });
    gate.open = false;
    try {
      const refused = await client.answerThroughApp(question, { action: 'accept', content: { name: 'Ada' } });
      expect(refused.error ?? refused.result?.isError).toBeTruthy();
    } finally {
      gate.open = true;
    }
    const answered = await client.answerThroughApp(question, { action: 'accept', content: { name: 'Ada' } });
    expect(answered.text).toBe('Hello Ada');
    await client.close();
  });

  it('without askThroughApps the host gets the tool’s capability error, as before', async () => {
    const client = await TestClient.create({ tools: [NameTools] });
    const run = await client.callTool('ask_name', {}, { throughApp: true });
    expect(run.error?.code).toBe(-32021);
    await client.close();
  });
});
