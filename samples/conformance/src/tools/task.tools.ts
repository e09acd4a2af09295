import {
  Args,
  Context,
  Ctx,
  ElicitRequestParams,
  Field,
  JsonRpcErrorCode,
  McpProtocolError,
  Tool,
  Tools,
  UserError,
} from 'elicitor';

export class GreetArgs {
  @Field({ description: 'Who to greet' }) name!: string;
}

export class ComputeArgs {
  @Field({ description: 'How long the computation takes, in seconds (0: at once)' }) seconds!: number;
  @Field({ description: 'A label echoed in the result', optional: true }) label?: string;
}

export class DeleteArgs {
  @Field({ description: 'The file to delete' }) filename!: string;
}

/** Resolves after `ms`, or rejects as soon as the call (or the task) is cancelled. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('cancelled'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('cancelled'));
      },
      { once: true },
    );
  });
}

/** The Tasks extension's fixtures (io.modelcontextprotocol/tasks, on 2026-07-28). */
@Tools()
export class TaskTools {
  @Tool({ description: 'Greets someone, always in the call' })
  greet(@Args() args: GreetArgs): string {
    return `Hello, ${args.name}!`;
  }

  /** A task for a client that declares the extension; a cancel stops the wait, and the task ends cancelled. */
  @Tool({ name: 'slow_compute', description: 'Computes for the given number of seconds', task: 'optional' })
  async slowCompute(@Args() args: ComputeArgs, @Ctx() ctx: Context): Promise<string> {
    await ctx.progress(0, args.seconds, `computing ${args.label ?? ''}`.trim());
    await pause(args.seconds * 1000, ctx.signal);
    return `${args.label ?? 'computation'}: done after ${args.seconds}s`;
  }

  /** A tool error after a second: the task completes with `isError: true`. */
  @Tool({ name: 'failing_job', description: 'Fails after a second', task: 'required' })
  async failingJob(@Ctx() ctx: Context): Promise<string> {
    await pause(1000, ctx.signal);
    throw new UserError('The job failed: its input could not be processed');
  }

  /** A JSON-RPC error: the task fails with it. */
  @Tool({ name: 'protocol_error_job', description: 'Fails with a protocol error', task: 'optional' })
  protocolErrorJob(): never {
    throw new McpProtocolError(JsonRpcErrorCode.InternalError, 'The job crashed');
  }

  @Tool({ name: 'confirm_delete', description: 'Deletes a file once confirmed', task: 'optional' })
  async confirmDelete(@Args() args: DeleteArgs, @Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'confirm',
      ElicitRequestParams.form(`Delete ${args.filename}?`).withRequired('confirm', 'boolean'),
    );
    return answer.content()?.confirm === true ? `Deleted ${args.filename}` : `Kept ${args.filename}`;
  }

  /** Two questions at once: the task waits for both. */
  @Tool({ name: 'multi_input', description: 'Asks for a name and a confirmation at once', task: 'optional' })
  async multiInput(@Ctx() ctx: Context): Promise<string> {
    const [name, confirm] = await Promise.all([
      ctx.elicit('name', ElicitRequestParams.form('Your name?').withRequired('name', 'string')),
      ctx.elicit('confirm', ElicitRequestParams.form('Go ahead?').withRequired('confirm', 'boolean')),
    ]);
    const confirmed = confirm.content()?.confirm === true;
    return `${String(name.content()?.name)}: ${confirmed ? 'confirmed' : 'not confirmed'}`;
  }

  /** Asks in the call (input_required), then goes on as a task with the answer. */
  @Tool({
    name: 'test_tool_with_task',
    description: 'Asks your name, then greets you from a task',
    task: 'per-call',
  })
  async withTask(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(
      'user_name',
      ElicitRequestParams.form('What is your name?').withRequired('name', 'string'),
    );
    await ctx.continueAsTask();
    return `Hello, ${String(answer.content()?.name)}!`;
  }
}
