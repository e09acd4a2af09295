/**
 * The same response, with a body that calls `settled` once when it is read to its end, fails, or is
 * cancelled (the host stopped reading: the client went away). A response without a body settles at once.
 * A host that neither reads nor cancels a body never settles it.
 */
export function onBodySettled(response: Response, settled: () => void): Response {
  const source = response.body;
  if (!source) {
    settled();
    return response;
  }
  let done = false;
  const settle = () => {
    if (done) return;
    done = true;
    settled();
  };
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          settle();
          controller.close();
        } else controller.enqueue(chunk.value);
      } catch (error) {
        settle();
        controller.error(error);
      }
    },
    cancel(reason) {
      settle();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
