import { Module } from 'elicitor';
import type { DynamicModule } from 'elicitor';
import { WhatForm, WhenForm } from './reminder.forms.js';
import { ReminderList } from './reminder-list.service.js';
import { ReminderTools } from './reminder.tools.js';

/** The reminder tools and the forms they ask with; the list is shared with the Hono routes. */
@Module({ tools: [ReminderTools], forms: [WhatForm, WhenForm] })
export class RemindersModule {
  /** The web framework's routes use the same `ReminderList`: the module is given that one instance. */
  static forRoot(shared: ReminderList): DynamicModule {
    return { module: RemindersModule, providers: [{ provide: ReminderList, useValue: shared }] };
  }
}
