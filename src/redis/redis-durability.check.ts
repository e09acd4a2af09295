import { ElicitorError } from '../errors/elicitor.error.js';
import type { ServerLogger } from '../shared/server-logger.js';
import type { RedisCommandClient } from './redis-client.types.js';
import { boundedRedisCommand } from './redis-command-deadline.adapter.js';

/** What the Redis store does when Redis cannot keep its records: see `RedisStateStoreOptions.durability`. */
export type RedisDurabilityMode = 'warn' | 'require' | 'ignore';

/** The commands the check sends; every ioredis `Redis` has them, and a `Cluster` lists its nodes. */
interface InspectableClient {
  info(section: string): Promise<string>;
  config(subcommand: 'GET', parameter: string): Promise<unknown>;
  nodes?(role: 'master'): InspectableClient[];
  isCluster?: boolean;
  options?: { host?: string; port?: number };
}

/**
 * Checks that Redis keeps Elicitor's records through a restart and under memory pressure: append-only
 * file on, and no eviction. Without them a restart or an eviction forgets `once` records and final
 * results; the generation check then refuses the calls concerned rather than run them twice, but their
 * outcome is unknown to the client. Returns one line per problem, empty when there is none.
 */
export async function findDurabilityProblems(
  client: RedisCommandClient,
  deadlineMs: number,
): Promise<string[]> {
  const inspectable = client as unknown as InspectableClient;
  if (typeof inspectable.info !== 'function') return ['the client cannot run INFO, so nothing was checked'];
  const nodes =
    inspectable.isCluster === true && inspectable.nodes ? inspectable.nodes('master') : [inspectable];
  const problems: string[] = [];
  for (const node of nodes) {
    const where = nodes.length > 1 ? `${node.options?.host ?? '?'}:${node.options?.port ?? '?'}: ` : '';
    for (const problem of await nodeProblems(node, deadlineMs)) problems.push(where + problem);
  }
  return problems;
}

async function nodeProblems(node: InspectableClient, deadlineMs: number): Promise<string[]> {
  const persistence = infoFields(await boundedRedisCommand(node.info('persistence'), deadlineMs));
  const memory = infoFields(await boundedRedisCommand(node.info('memory'), deadlineMs));
  const problems: string[] = [];
  if (persistence.get('aof_enabled') !== '1') {
    const savePoints = await readSavePoints(node, deadlineMs);
    const rdb =
      savePoints === undefined
        ? 'its RDB save points could not be read'
        : savePoints === ''
          ? 'no RDB save points either, so a restart empties it'
          : 'RDB snapshots only, so a restart loses the writes since the last one';
    problems.push(`appendonly is off (${rdb})`);
  }
  const maxmemory = Number(memory.get('maxmemory') ?? '0');
  const policy = memory.get('maxmemory_policy') ?? 'noeviction';
  if (maxmemory > 0 && policy !== 'noeviction')
    problems.push(
      `maxmemory is ${maxmemory} bytes with maxmemory-policy ${policy}, which may evict its keys`,
    );
  return problems;
}

/** The `save` setting, or undefined where CONFIG is not allowed (many managed services rename it). */
async function readSavePoints(node: InspectableClient, deadlineMs: number): Promise<string | undefined> {
  try {
    const reply = await boundedRedisCommand(node.config('GET', 'save'), deadlineMs);
    return Array.isArray(reply) && typeof reply[1] === 'string' ? reply[1].trim() : undefined;
  } catch {
    return undefined;
  }
}

function infoFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && !line.startsWith('#')) fields.set(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return fields;
}

const ADVICE =
  'set appendonly yes (appendfsync everysec or always) and maxmemory-policy noeviction; see docs/redis.md';

/**
 * Runs {@link findDurabilityProblems} when the store starts and each time its client connects again (a
 * restarted Redis may come back with other settings), and says so once per distinct finding.
 */
export class RedisDurability {
  private reported = '';
  private client: RedisCommandClient | undefined;

  constructor(
    private readonly mode: RedisDurabilityMode,
    private readonly logger: Pick<ServerLogger, 'warn' | 'info'>,
    private readonly deadlineMs: number,
  ) {}

  watch(client: RedisCommandClient): void {
    if (this.mode !== 'ignore') this.client = client;
  }

  unwatch(): void {
    this.client = undefined;
  }

  /** The client (re)connected: Redis may have come back with other settings. */
  connected(): void {
    if (this.client !== undefined) void this.checkAndWarn(this.client);
  }

  /** `require`: checks now and throws when Redis cannot keep its records, or cannot be reached. */
  async prepare(client: Promise<RedisCommandClient>): Promise<void> {
    if (this.mode === 'ignore') return;
    if (this.mode === 'warn') {
      // A client that connected before the store was made sent its `ready` already.
      const ready = await client.catch(() => undefined);
      if (ready !== undefined && (ready as { status?: unknown }).status === 'ready')
        void this.checkAndWarn(ready);
      return;
    }
    const problems = await findDurabilityProblems(await client, this.deadlineMs);
    if (problems.length > 0)
      throw new ElicitorError(
        'REDIS_NOT_DURABLE',
        `Redis cannot keep Elicitor's records: ${problems.join('; ')}. ${ADVICE}, or set durability: 'warn'`,
      );
  }

  private async checkAndWarn(client: RedisCommandClient): Promise<void> {
    let problems: string[];
    try {
      problems = await findDurabilityProblems(client, this.deadlineMs);
    } catch {
      return; // Redis went away again: the next connection checks.
    }
    const finding = problems.join('; ');
    if (finding === this.reported) return;
    this.reported = finding;
    if (finding === '') this.logger.info('Redis now keeps its records through a restart');
    else
      this.logger.warn(
        `Redis cannot keep its promises: ${finding}. A restart or an eviction then forgets records, and the calls they belong to end with "outcome unknown"; ${ADVICE}`,
      );
  }
}
