import { randomBytes, randomUUID } from 'node:crypto';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import type { ClientCapabilitiesView } from '../context/client-capabilities.view.js';
import { ElicitResult } from '../context/elicit-result.js';
import type { ElicitationRequest } from '../context/elicitation-request.js';
import type { InputChannel, InputOptions } from '../context/input-channel.js';
import type { LegacyPeer, PeerRequestOptions } from '../context/legacy-peer.js';
import { MissingCapabilityError } from '../errors/missing-capability.error.js';
import { McpProtocolError } from '../errors/protocol.error.js';
import type { OnceRecorder } from '../mrtr/once.recorder.js';
import { lowerFormSchema } from '../schema/form-schema.lowering.js';
import { validateFormAnswer } from '../validation/form-answer.validator.js';

export interface PushChannelSettings {
  defaultTimeoutMs: number;
  onceRecorder: OnceRecorder;
}

/**
 * Input on the legacy wire: each question is a real server-to-client request and the handler waits for
 * the answer. Memo and once keep their meaning within the one execution.
 */
export class PushInputChannel implements InputChannel {
  private readonly memoValues = new Map<string, unknown>();
  private readonly callId = randomBytes(16).toString('base64url');

  constructor(
    private readonly peer: LegacyPeer | undefined,
    private readonly protocolVersion: string,
    private readonly capabilities: ClientCapabilitiesView,
    private readonly signal: AbortSignal,
    private readonly settings: PushChannelSettings,
  ) {}

  async elicit<T>(_key: string | undefined, request: ElicitationRequest, options: InputOptions): Promise<ElicitResult<T>> {
    const peer = this.requirePeer();
    const modes = this.capabilities.elicitation;
    if (!modes || !modes.allows(request)) {
      throw new MissingCapabilityError({ elicitation: request.mode === 'url' ? { url: {} } : {} });
    }
    if (request.mode === 'url') {
      if (this.protocolVersion < '2025-11-25') {
        throw new McpProtocolError(-32602, `URL-mode elicitation needs protocol 2025-11-25; this client speaks ${this.protocolVersion}`);
      }
      const elicitationId = randomUUID();
      const params = { ...request.toWire(), elicitationId } as ElicitRequestURLParams;
      const answer = await peer.elicit(params, this.peerOptions(options));
      return new ElicitResult<T>(answer.action, undefined, elicitationId);
    }
    const schema = this.protocolVersion === '2025-06-18' ? lowerFormSchema(request.schema, '2025-06-18') : request.schema;
    const base = request.toWire();
    let message = base.message;
    for (;;) {
      const params = (
        this.protocolVersion === '2025-06-18'
          ? { message, requestedSchema: schema }
          : { mode: 'form', message, requestedSchema: schema }
      ) as ElicitRequestFormParams;
      const answer = await peer.elicit(params, this.peerOptions(options));
      if (answer.action !== 'accept') return new ElicitResult<T>(answer.action);
      const outcome = await validateFormAnswer(request.schemaClass, request.schema, answer.content ?? {});
      if (outcome.ok) return new ElicitResult<T>('accept', outcome.value as T);
      message = `${base.message}\n\nYour previous answer was not accepted: ${outcome.message}`;
    }
  }

  sample(_key: string | undefined, params: CreateMessageRequestParams, options: InputOptions): Promise<CreateMessageResult> {
    if (!this.capabilities.sampling) return Promise.reject(new MissingCapabilityError({ sampling: {} }));
    return this.requirePeer().createMessage(params, this.peerOptions(options));
  }

  listRoots(_key: string | undefined, options: InputOptions): Promise<ListRootsResult> {
    if (!this.capabilities.roots) return Promise.reject(new MissingCapabilityError({ roots: {} }));
    return this.requirePeer().listRoots(this.peerOptions(options));
  }

  async memo<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    if (this.memoValues.has(key)) return this.memoValues.get(key) as T;
    const value = await compute();
    this.memoValues.set(key, value);
    return value;
  }

  once<T>(key: string, effect: () => T | Promise<T>): Promise<T> {
    return this.settings.onceRecorder.run(this.callId, key, effect);
  }

  private peerOptions(options: InputOptions): PeerRequestOptions {
    return { timeoutMs: options.timeoutMs ?? this.settings.defaultTimeoutMs, signal: this.signal };
  }

  private requirePeer(): LegacyPeer {
    if (!this.peer) throw new Error('This transport cannot send requests to the client');
    return this.peer;
  }
}
