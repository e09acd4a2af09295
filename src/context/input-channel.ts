import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ListRootsResult,
} from '@modelcontextprotocol/server';
import type { ElicitResult } from './elicit-result.js';
import type { ElicitationRequest } from './elicitation-request.js';

export interface InputOptions {
  /** Legacy push model only: how long to wait for the client's answer. */
  timeoutMs?: number;
}

/** How a request obtains input and carries values across rounds: replay (modern) or push (legacy). */
export interface InputChannel {
  elicit<T>(
    key: string | undefined,
    request: ElicitationRequest,
    options: InputOptions,
  ): Promise<ElicitResult<T>>;
  sample(
    key: string | undefined,
    params: CreateMessageRequestParams,
    options: InputOptions,
  ): Promise<CreateMessageResult>;
  listRoots(key: string | undefined, options: InputOptions): Promise<ListRootsResult>;
  memo<T>(key: string, compute: () => T | Promise<T>): Promise<T>;
  once<T>(key: string, effect: () => T | Promise<T>): Promise<T>;
}
