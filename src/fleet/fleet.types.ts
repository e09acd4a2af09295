/** Bounds a fleet applies to 2025-era sessions across every replica. */
export interface FleetSessionLimits {
  /** Sessions open at most, fleet-wide; a session idle past `idleTimeoutMs` no longer counts. */
  maxSessions: number;
  /** A session with no activity for this long is gone on every replica. */
  idleTimeoutMs: number;
}

/**
 * The fleet's directory of 2025-era sessions: each session's record (plain JSON text) and when it was
 * last used, so any replica can serve its next request and the cap and idle expiry hold fleet-wide.
 */
export interface FleetSessions {
  /** Adds a session under the fleet-wide cap; false when the fleet is full. */
  admit(id: string, record: string, limits: FleetSessionLimits): Promise<boolean>;
  /** Replaces a session's record after a change (log level, subscriptions...); its expiry starts again. */
  save(id: string, record: string, idleTimeoutMs: number): Promise<void>;
  /** A session's record, or undefined when it was deleted or idled out. */
  load(id: string): Promise<string | undefined>;
  /** Notes activity: the session's idle expiry starts again. False when the fleet no longer has it. */
  touch(id: string, idleTimeoutMs: number): Promise<boolean>;
  /** Ends a session fleet-wide; whether it existed. */
  remove(id: string): Promise<boolean>;
}

/** Receives one message of a fleet channel. */
export type FleetListener = (message: string) => void;

/** Messages between replicas: at most once, to the replicas listening on a channel at the time. */
export interface FleetBus {
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the fleet delivers the channel's messages here; the function returned stops that. */
  subscribe(channel: string, listener: FleetListener): Promise<() => void>;
  /**
   * Calls `listener` each time the bus listens again after losing its connection: messages published
   * meanwhile never arrived here. The function returned stops that. A bus that cannot lose messages
   * this way (an in-process one) need not have it.
   */
  onRelisten?(listener: () => void): () => void;
}

/** One stored event of a stream, as {@link FleetEventLog.after} returns it. */
export interface FleetEvent {
  id: string;
  message: string;
}

/**
 * The events of resumable SSE streams, kept where every replica reads them, with bounded retention: a
 * client that reconnects to another replica with `Last-Event-ID` gets the events it missed.
 */
export interface FleetEventLog {
  /** Stores a message of `streamId`; its event id, which names the stream. */
  append(streamId: string, message: string): Promise<string>;
  /** The stream of `eventId` and its later events, or undefined when that event is unknown or expired. */
  after(eventId: string): Promise<{ streamId: string; events: FleetEvent[] } | undefined>;
  /** Drops a stream nobody can resume any more. */
  forget(streamId: string): Promise<void>;
}

/**
 * Small records of fields (the call journal) and leases, with a TTL: what a replica writes as a call
 * goes, so another replica can take the call over once the first one stops renewing its lease.
 */
export interface FleetRecords {
  /** Sets some fields of a record; the record's TTL starts again. */
  put(key: string, fields: Readonly<Record<string, string>>, ttlMs: number): Promise<void>;
  /** Every field of a record, or undefined when it expired or never was. */
  read(key: string): Promise<Record<string, string> | undefined>;
  drop(key: string): Promise<void>;
  /** Takes the lease `key` for `owner`, or renews it when `owner` holds it; false when another holds it. */
  claim(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up when `owner` holds it. */
  release(key: string, owner: string): Promise<void>;
}

/**
 * What replicas share to serve 2025-era sessions without sticky routing: the session directory, a
 * message bus, the stream events and the call journal. `RedisFleet` (`elicitor/redis`) is the
 * production one; {@link MemoryFleet} shares them between apps of one process.
 */
export interface Fleet {
  /** The name a client reads in an error when the fleet is unreachable, e.g. `Redis`. */
  readonly name: string;
  readonly sessions: FleetSessions;
  readonly bus: FleetBus;
  readonly events: FleetEventLog;
  readonly records: FleetRecords;
  /**
   * How long a replica holds a running call without renewing its lease (renewed every third of it).
   * When the replica dies, a client that resumes the call's stream elsewhere gets it re-run after this.
   */
  readonly callLeaseMs: number;
  /** Ends the fleet's connections; the app calls it on `close()`. */
  close(): Promise<void>;
}
