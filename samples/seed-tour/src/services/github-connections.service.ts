import { injectable } from 'inversify';

/**
 * Stands in for an OAuth connection store. A real app marks a user connected when the provider calls
 * back; here opening the connect page counts as done, so a retried call goes through.
 */
@injectable()
export class GithubConnections {
  private readonly connected = new Set<string>();

  isConnected(user: string): boolean {
    return this.connected.has(user);
  }

  startConnecting(user: string): void {
    this.connected.add(user);
  }
}
