import { Injectable } from '@nestjs/common';

/** An ordinary Nest provider, used by a Nest controller and by an Elicitor tool alike. */
@Injectable()
export class GreetingsService {
  readonly greeted: string[] = [];

  greet(name: string): string {
    this.greeted.push(name);
    return `Hello, ${name}!`;
  }
}
