import { Context, Ctx, Tool, Tools, UrlElicitationRequiredError } from 'elicitor';
import { CalendarConnections } from './calendar-connections.service.js';

@Tools()
export class CalendarTools {
  constructor(private readonly calendars: CalendarConnections) {}

  @Tool({ description: 'Lists calendar events; the first call asks you to connect your calendar' })
  async listEvents(@Ctx() ctx: Context): Promise<string> {
    const user = ctx.principal ?? 'anonymous';
    if (!this.calendars.isConnected(user)) {
      throw new UrlElicitationRequiredError([
        {
          key: 'connect-calendar',
          url: 'https://example.com/connect/calendar',
          message: 'Connect your calendar',
        },
      ]);
    }
    return `Events of ${user}: stand-up at 9:30`;
  }
}
