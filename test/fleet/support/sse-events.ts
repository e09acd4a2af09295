/** One SSE event of a 2025 stream: its id, and the JSON-RPC message it carries. */
export interface SseEvent {
  id: string | undefined;
  message: {
    id?: unknown;
    method?: string;
    params?: Record<string, unknown>;
    result?: unknown;
    error?: unknown;
  };
}

/** Reads SSE events from a response body until `enough` says so or the stream ends. */
export async function readEvents(
  response: Response,
  enough: (events: SseEvent[]) => boolean,
): Promise<SseEvent[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  while (!enough(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (data) events.push({ id, message: JSON.parse(data) as SseEvent['message'] });
    }
  }
  return events;
}
