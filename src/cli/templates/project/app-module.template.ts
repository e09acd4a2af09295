/** The root module: it imports the features; `generate module` adds to its `imports`. */
export function appModuleTemplate(): string {
  return `import { Module } from 'elicitor';
import { GreeterModule } from './greeter/greeter.module.js';

/** The root of the app: main.ts and every spec build the app from it. */
@Module({
  imports: [GreeterModule],
})
export class AppModule {}
`;
}
