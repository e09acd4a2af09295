import { createServer } from 'node:http';
export class ElicitRequestParams { static form(message) { return { withSchema: (schema) => ({ message, schema }) }; } }
export const Tools = () => () => {};
export const Tool = () => () => {};
export const Ctx = () => () => {};
export const ElicitSchema = () => () => {};
export const Field = () => () => {};
export class Elicitor {
  static async create(options) { if (typeof Reflect.getMetadata !== 'function') throw new Error('no reflect-metadata'); return new Elicitor(options); }
  constructor(options) { this.options = options; }
  async listen(options) { if (options.http) { const s = createServer((q, r) => r.end('stub')); await new Promise((ok) => s.listen(options.http.port, ok)); setTimeout(() => s.close(), 300); } }
}
