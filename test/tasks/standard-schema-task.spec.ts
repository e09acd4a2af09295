import 'reflect-metadata';
import { z } from 'zod';
import { Args, Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { accept, FakeClock, TestClient } from 'elicitor/testing';

const ReleaseArgs = z.object({ service: z.string().min(1) });
const ApprovalForm = z
  .object({ ok: z.boolean(), note: z.string().max(40).default('') })
  .meta({ title: 'Approval' });

/** A task tool whose arguments and form are Zod schemas. */
@Tools()
class ZodReleaseTools {
  @Tool({ description: 'Releases a service once approved', task: 'required' })
  async release(@Args(ReleaseArgs) args: z.output<typeof ReleaseArgs>, @Ctx() ctx: Context): Promise<string> {
    const approval = await ctx.elicit(
      'approve',
      ElicitRequestParams.form(`Release ${args.service}?`).withSchema(ApprovalForm),
    );
    const answer = approval.content();
    return answer?.ok ? `${args.service} released${answer.note ? `: ${answer.note}` : ''}` : 'not released';
  }
}

describe('a task tool declared with Zod', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await TestClient.create({
      tools: [ZodReleaseTools],
      forms: [ApprovalForm],
      clock: new FakeClock(),
    });
  });
  afterEach(() => client.close());

  it('runs as a task: the typed arguments and answer, a bad answer asked again', async () => {
    const run = await client.runTask(
      'release',
      { service: 'api' },
      { answers: { approve: [accept({ ok: 'yes' }), accept({ ok: true })] } },
    );
    expect(run).toMatchObject({ status: 'completed', text: 'api released' });
    expect(run.inputRequests.map(({ key }) => key)).toStrictEqual(['approve', 'approve~2']);
  });

  it('refuses invalid arguments when the task is created, with -32602 naming the path', async () => {
    const run = await client.runTask('release', { service: '' });
    expect(run.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid arguments: service \(too_small\)/),
    });
    expect(run.taskId).toBeUndefined();
  });
});
