import { injectable } from 'inversify';

export type When = 'today' | 'tomorrow' | 'next-week';

export interface Reminder {
  id: number;
  text: string;
  when: When;
}

/** The reminders, shared by the Hono routes and the MCP tool. */
@injectable()
export class ReminderList {
  private readonly reminders: Reminder[] = [];

  list(): readonly Reminder[] {
    return this.reminders;
  }

  add(text: string, when: When): Reminder {
    const reminder = { id: this.reminders.length + 1, text, when };
    this.reminders.push(reminder);
    return reminder;
  }
}
