import { Module } from 'elicitor';
import type { ElicitorAppOptions } from 'elicitor';
import { GreetingTools, NameForm } from './greeting.tools.js';

/** The root module: what the app is made of. The server and every test build the app from it. */
@Module({
  tools: [GreetingTools],
  providers: [],
  forms: [NameForm],
})
export class AppModule {}

/** The app's name and version (and any other setting), given to `Elicitor.create` with the module. */
export const appOptions: ElicitorAppOptions = { name: 'hello', version: '1.0.0' };
