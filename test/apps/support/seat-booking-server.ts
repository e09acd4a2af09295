import { SpawnedProcess } from './spawned-process.js';

const SEAT_BOOKING_MAIN = 'samples/seat-booking/dist/main.js';

/** The seat-booking sample serving Streamable HTTP on a free port. */
export interface SeatBookingServer {
  /** Its MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built sample with `--port 0` and the given flags (`--no-app-questions`: the server does
 * not offer app-rendered questions, so hosts ask with their own form).
 */
export async function startSeatBooking(flags: readonly string[] = []): Promise<SeatBookingServer> {
  const { process: server, ready } = await SpawnedProcess.start({
    what: `the seat-booking sample (${[SEAT_BOOKING_MAIN, ...flags].join(' ')})`,
    command: process.execPath,
    args: [SEAT_BOOKING_MAIN, '--port', '0', ...flags],
    readyWhen: /http:\/\/127\.0\.0\.1:\d+\/mcp/,
    timeoutMs: 30_000,
  });
  return { url: ready[0], stop: () => server.stop() };
}
