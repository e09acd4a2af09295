// What a legacy session and its POST exchanges share about the fleet: its own file, so neither imports
// the other for it.

/** How a session reaches its copies on other replicas, when replicas share a fleet. */
export interface SessionFleetLink {
  /** An unrelated message, for whichever replica holds the standalone GET stream. */
  toStandalone(json: string, eventId: string | undefined): void;
  /** An event of a call stream this replica runs, whose client reads it on another replica. */
  toStream(streamId: string, json: string, eventId: string | undefined): void;
  streamEnded(streamId: string): void;
}
