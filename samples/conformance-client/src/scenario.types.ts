/** What the suite hands one client run: the mock server's URL, the revision under test and optional context. */
export interface ScenarioRun {
  readonly serverUrl: URL;
  /** From `MCP_CONFORMANCE_PROTOCOL_VERSION`; the suite sets it on every run. */
  readonly protocolVersion: string;
  /** Parsed `MCP_CONFORMANCE_CONTEXT`, when the scenario supplies one (auth credentials, header tables). */
  readonly context: unknown;
}

/** One client scenario: resolves when the client did what the scenario expects, rejects otherwise. */
export type Scenario = (run: ScenarioRun) => Promise<void>;
