import { setTimeout as sleep } from 'node:timers/promises';
import { Context, Ctx, Tool, Tools } from 'elicitor';

const STEP_MS = 50;
/** Long enough that the result is sent after the stream closed, so it must travel by replay or on the new stream. */
const RECONNECT_WAIT_MS = 200;

/** Tools that talk on their own request's stream: log messages and progress. */
@Tools()
export class NotificationTools {
  @Tool({ name: 'test_tool_with_logging', description: 'Logs three info messages while it runs' })
  async toolWithLogging(@Ctx() ctx: Context): Promise<string> {
    await ctx.log.info('Tool execution started');
    await sleep(STEP_MS);
    await ctx.log.info('Tool processing data');
    await sleep(STEP_MS);
    await ctx.log.info('Tool execution completed');
    return 'Logging test completed';
  }

  @Tool({
    name: 'test_tool_with_progress',
    description: 'Reports progress 0, 50 and 100 of 100 when given a progress token',
  })
  async toolWithProgress(@Ctx() ctx: Context): Promise<string> {
    await ctx.progress(0, 100, 'Starting');
    await sleep(STEP_MS);
    await ctx.progress(50, 100, 'Halfway');
    await sleep(STEP_MS);
    await ctx.progress(100, 100, 'Done');
    return 'Progress test completed';
  }

  /** Logging is opt-in per request on 2026-07-28: without a `_meta` log level nothing is sent. */
  @Tool({
    name: 'test_logging_tool',
    description: 'Logs one message; it reaches the client only if the request asked for a log level',
  })
  async loggingTool(@Ctx() ctx: Context): Promise<string> {
    await ctx.log.info('test_logging_tool ran');
    return ctx.log.enabled('info') ? 'Logged at info level' : 'Nothing logged: the request set no log level';
  }

  /**
   * SEP-1699 polling (legacy HTTP, 2025-11-25): the call ends its own SSE stream, then answers. The client
   * reconnects with `Last-Event-ID` and receives the result there.
   */
  @Tool({
    name: 'test_reconnection',
    description: 'Closes its SSE stream mid-call; the result arrives after the client reconnects',
  })
  async reconnection(@Ctx() ctx: Context): Promise<string> {
    const closed = ctx.closeStream();
    await sleep(RECONNECT_WAIT_MS);
    return closed ? 'Reconnection test completed' : 'Reconnection test completed without closing a stream';
  }
}
