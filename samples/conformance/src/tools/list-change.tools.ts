import { ListChangedNotifier, Tool, Tools } from 'elicitor';

/** Diagnostic hooks: each publishes a list change to open `subscriptions/listen` streams and legacy sessions. */
@Tools()
export class ListChangeTools {
  constructor(private readonly notifier: ListChangedNotifier) {}

  @Tool({ name: 'test_trigger_tool_change', description: 'Announces that the tool list changed' })
  triggerToolChange(): string {
    this.notifier.notify('tools');
    return 'Published notifications/tools/list_changed';
  }

  @Tool({ name: 'test_trigger_prompt_change', description: 'Announces that the prompt list changed' })
  triggerPromptChange(): string {
    this.notifier.notify('prompts');
    return 'Published notifications/prompts/list_changed';
  }
}
