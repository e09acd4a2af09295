/** The sample feature module: a tool, the form it asks with and the service it injects. */
export function greeterModuleTemplate(): string {
  return `import { Module } from 'elicitor';
import { GreeterTools } from './greeter.tool.js';
import { GreetingService } from './greeting.service.js';
import { NameForm } from './name.form.js';

/** The greeter feature; \`elicitor generate <kind> <name> --module greeter\` adds to its lists. */
@Module({
  providers: [GreetingService],
  tools: [GreeterTools],
  forms: [NameForm],
})
export class GreeterModule {}
`;
}
