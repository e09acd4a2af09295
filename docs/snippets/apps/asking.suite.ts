import { FORM_APP_URI } from 'elicitor';
import { TestClient, accept, appQuestionOf, fromApp } from 'elicitor/testing';
import { seatsOptions } from './asking.options.js';
import { GreetingTools } from './greeting.tools.js';
import { answerCall } from './own-app.answer.js';
import { SeatsModule } from './seats.module.js';

export function askingSuite(): void {
  describe('asking through an app', () => {
    it('shows the question in its own app, and the app answers through elicitor_answer', async () => {
      const client = await TestClient.create(SeatsModule, seatsOptions);
      const run = await client.callTool(
        'choose_seat',
        { flight: 'EL42' },
        { throughApp: true, answers: { seat: fromApp('ui://seats/map', { seat: '2A' }) } },
      );
      expect(run.text).toBe('Seat 2A on EL42');
      expect(run.rounds[0]!.throughApp).toBe(true);
      await client.close();
    });

    it('shows a question without an app in the form app', async () => {
      const client = await TestClient.create({ tools: [GreetingTools], askThroughApps: true });
      const first = await client.callTool('greet', {}, { throughApp: true });
      const question = appQuestionOf(first.result)!;
      expect(question.message).toBe('Your name?');
      expect(question.app).toBeUndefined();

      const listed = await client.request('tools/list', {}, { throughApp: true });
      const [greet] = (listed.body.result as { tools: Array<{ _meta?: unknown }> }).tools;
      expect(greet!._meta).toStrictEqual({ ui: { resourceUri: FORM_APP_URI } });

      const done = await client.answerThroughApp(question, accept({ name: 'Ada' }));
      expect(done.text).toBe('Hello Ada, answered in the app');
      await client.close();
    });

    it('takes the answer an app of your own sends', async () => {
      const client = await TestClient.create({ tools: [GreetingTools], askThroughApps: true });
      const first = await client.callTool('greet', {}, { throughApp: true });
      const reply = await client.request(
        'tools/call',
        answerCall(appQuestionOf(first.result)!, { name: 'Bo' }),
        {
          throughApp: true,
        },
      );
      const result = reply.body.result as { content: Array<{ text: string }>; structuredContent?: unknown };
      expect(result.content[0]!.text).toBe('Hello Bo, answered in the app');
      expect(result.structuredContent).toBeUndefined();
      await client.close();
    });
  });
}
