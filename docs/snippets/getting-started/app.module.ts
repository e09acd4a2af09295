import type { ElicitorOptions } from 'elicitor';
import { GreetingTools } from './greeting.tools.js';

export const appModule: ElicitorOptions = {
  name: 'hello',
  version: '1.0.0',
  tools: [GreetingTools],
};
