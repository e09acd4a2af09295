import 'reflect-metadata';
import { ElicitSchema, Elicitor, Field, Tool, Tools } from 'elicitor';
import type { ElicitorApp } from 'elicitor';

@ElicitSchema()
export class NameForm {
  @Field({ description: 'Your name' }) name!: string;
}

export class Greetings {
  text(name: string): string {
    return `Hello, ${name}!`;
  }
}

@Tools()
export class GreetingTools {
  constructor(private readonly greetings: Greetings) {}

  @Tool({ description: 'Greets the world' })
  greet(): string {
    return this.greetings.text('world');
  }
}

/** The smallest app that needs both compiler flags: a form field's type and a constructor's parameter types. */
export function createGreetingApp(): Promise<ElicitorApp> {
  return Elicitor.create({
    name: 'greeting',
    version: '1.0.0',
    tools: [GreetingTools],
    providers: [Greetings],
    forms: [NameForm],
  });
}
