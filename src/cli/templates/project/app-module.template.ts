import type { ProjectOptions } from './project-options.types.js';

/** The app module: the registration lists, shared by `main.ts` and the specs; `generate` adds to them. */
export function appModuleTemplate(options: ProjectOptions): string {
  return `import type { ElicitorOptions } from 'elicitor';
import { GreeterTools } from './greeter/greeter.tool.js';
import { NameForm } from './greeter/name.schema.js';

/** What the app is made of. The server (main.ts) and every spec build the app from this one object. */
export const appModule: ElicitorOptions = {
  name: '${options.packageName}',
  version: '0.1.0',
  tools: [GreeterTools],
  providers: [],
  forms: [NameForm],
  interceptors: [],
};
`;
}
