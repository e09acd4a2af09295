import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { RedisServer } from './redis-server.js';

const run = promisify(execFile);
/** A master missing this long is failed over: short, so a test sees the failover within seconds. */
const NODE_TIMEOUT_MS = 1_000;

/**
 * A Redis Cluster of redis-server processes on consecutive loopback ports: three masters, one replica
 * each, made by `redis-cli --cluster create`. A master can be killed to force a failover.
 */
export class RedisCluster {
  private constructor(readonly nodes: RedisServer[]) {}

  /** Starts six nodes on `firstPort`.. `firstPort + 5` and joins them into a cluster. */
  static async start(firstPort: number): Promise<RedisCluster> {
    const ports = Array.from({ length: 6 }, (_, index) => firstPort + index);
    const args = ['--cluster-enabled', 'yes', '--cluster-node-timeout', String(NODE_TIMEOUT_MS)];
    // Replicas sync at once, rather than after the default five seconds' wait for more replicas.
    args.push('--repl-diskless-sync-delay', '0');
    const nodes = await Promise.all(ports.map((port) => RedisServer.start(port, args)));
    const cluster = new RedisCluster(nodes);
    try {
      const addresses = ports.map((port) => `127.0.0.1:${port}`);
      await run('redis-cli', [
        '--cluster',
        'create',
        ...addresses,
        '--cluster-replicas',
        '1',
        '--cluster-yes',
      ]);
      await cluster.untilHealthy();
    } catch (error) {
      await cluster.close();
      throw error;
    }
    return cluster;
  }

  /** Where a client starts: every node, as `{ host, port }`. */
  get startupNodes(): Array<{ host: string; port: number }> {
    return this.nodes.map((node) => ({ host: '127.0.0.1', port: node.port }));
  }

  /** The node serving the slot of `key` as its master. */
  async masterOf(key: string): Promise<RedisServer> {
    const slot = Number((await this.cli(this.anyLive(), 'CLUSTER', 'KEYSLOT', key)).trim());
    const nodes = (await this.cli(this.anyLive(), 'CLUSTER', 'NODES')).split('\n');
    for (const line of nodes) {
      const [, address, flags, , , , , , ...ranges] = line.split(' ');
      if (!flags?.includes('master') || flags.includes('fail')) continue;
      const serves = ranges.some((range) => {
        const [from, to] = range.split('-').map(Number);
        return slot >= from! && slot <= (to ?? from)!;
      });
      if (serves) return this.nodes.find((node) => address!.startsWith(`127.0.0.1:${node.port}@`))!;
    }
    throw new Error(`no master serves slot ${slot}`);
  }

  /**
   * Resolves once every slot is served (`cluster_state:ok` on every live node) and every live replica is in
   * sync with its master, so that a master killed next can be failed over.
   */
  async untilHealthy(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.healthy())) {
      if (Date.now() > deadline) throw new Error('the cluster did not become healthy');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async healthy(): Promise<boolean> {
    try {
      const live = this.nodes.filter((node) => node.live);
      const infos = await Promise.all(
        live.map(
          async (node) =>
            (await this.cli(node, 'CLUSTER', 'INFO')) + (await this.cli(node, 'INFO', 'replication')),
        ),
      );
      return infos.every(
        (info) =>
          info.includes('cluster_state:ok') &&
          (!info.includes('role:slave') || info.includes('master_link_status:up')),
      );
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.close()));
  }

  private anyLive(): RedisServer {
    return this.nodes.find((node) => node.live)!;
  }

  private async cli(node: RedisServer, ...command: string[]): Promise<string> {
    return (await run('redis-cli', ['-p', String(node.port), ...command])).stdout;
  }
}
