export class TestClient {
  static async create({ tools }) { return new TestClient(tools); }
  constructor(tools) { this.tools = tools; }
  async callTool(name, args, options = { answers: {} }) {
    const cls = this.tools.find((t) => typeof t.prototype[name] === 'function');
    const ctx = { elicit: async (key, params) => { const a = options.answers[key] ?? { action: 'cancel' };
      return { action: a.action, content: () => (a.action === 'accept' ? Object.assign(new params.schema(), a.content) : undefined) }; } };
    const text = await new cls()[name](ctx);
    return { result: { content: [{ type: 'text', text }] }, rounds: [] };
  }
}
