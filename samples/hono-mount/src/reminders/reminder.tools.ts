import { Context, Ctx, ElicitRequestParams, Tool, Tools } from 'elicitor';
import { WhatForm, WhenForm } from './reminder.forms.js';
import { ReminderList } from './reminder-list.service.js';

/** Adds a reminder in two questions: what, then when. */
@Tools()
export class ReminderTools {
  constructor(private readonly reminders: ReminderList) {}

  @Tool({ description: 'Adds a reminder, asking what it is about and then when' })
  async addReminder(@Ctx() ctx: Context): Promise<string> {
    const what = (
      await ctx.elicit('what', ElicitRequestParams.form('What should I remind you of?').withSchema(WhatForm))
    ).content();
    if (!what) return 'No reminder added.';
    const when = (
      await ctx.elicit(
        'when',
        ElicitRequestParams.form(`When should I remind you to "${what.text}"?`).withSchema(WhenForm),
      )
    ).content();
    if (!when) return 'No reminder added.';
    const reminder = await ctx.once('add', () => this.reminders.add(what.text, when.when));
    return `Reminder ${reminder.id}: "${reminder.text}" ${reminder.when}.`;
  }
}
