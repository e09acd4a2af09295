import type { ElicitorOptions } from 'elicitor';
import { GreetingTools, NameForm } from './greeting.tools.js';

export const appModule: ElicitorOptions = {
  name: 'hello',
  version: '1.0.0',
  tools: [GreetingTools],
  providers: [],
  forms: [NameForm],
  interceptors: [],
};
