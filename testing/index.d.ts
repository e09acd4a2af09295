export interface ScriptedAnswer { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown>; }
export interface ToolRun { result: { content: Array<{ type: string; text?: string }>; isError?: boolean }; rounds: unknown[]; }
export declare class TestClient {
  static create(options: { tools: Function[] }): Promise<TestClient>;
  callTool(name: string, args: Record<string, unknown>, options?: { answers: Record<string, ScriptedAnswer> }): Promise<ToolRun>;
}
