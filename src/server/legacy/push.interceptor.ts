import { abortWatchOf } from '../../context/abort-watch.js';
import { INPUT_CHANNEL } from '../../context/context.js';
import { REQUEST_ENVIRONMENT } from '../../pipeline/call-info.js';
import type { CallInfo } from '../../pipeline/call-info.js';
import type { ElicitorInterceptor } from '../../pipeline/elicitor-interceptor.js';
import { PushInputChannel } from './push-input-channel.js';
import type { PushChannelSettings } from './push-input-channel.js';

/**
 * The push model on legacy requests, where the re-run model sits on modern ones: gives the call an input
 * channel that sends each question to the client as a real request while the handler waits.
 */
export class PushInterceptor implements ElicitorInterceptor {
  constructor(private readonly settings: PushChannelSettings) {}

  intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    const context = call.context;
    const environment = call[REQUEST_ENVIRONMENT];
    context[INPUT_CHANNEL] = new PushInputChannel(
      environment?.legacyPeer,
      context.protocolVersion,
      context.clientCapabilities,
      environment?.abort ?? abortWatchOf(context.signal),
      this.settings,
    );
    return next();
  }
}
