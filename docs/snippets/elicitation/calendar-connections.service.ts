import { injectable } from 'inversify';

/** Who has connected a calendar; a real app marks them when the OAuth provider calls back. */
@injectable()
export class CalendarConnections {
  private readonly connected = new Set<string>();

  isConnected(user: string): boolean {
    return this.connected.has(user);
  }

  markConnected(user: string): void {
    this.connected.add(user);
  }
}
