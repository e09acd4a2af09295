// Waits until an HTTP endpoint answers at all (any status counts: the server is up),
// giving up early if the server process has died.
//   node wait-for-server.mjs URL TIMEOUT_MS [SERVER_PID]
const [url, timeoutText = '30000', pidText] = process.argv.slice(2);
const deadline = Date.now() + Number(timeoutText);
const RETRY_MS = 200;

function serverIsAlive() {
  if (pidText === undefined) return true;
  try {
    process.kill(Number(pidText), 0);
    return true;
  } catch {
    return false;
  }
}

// A POST like a client's first request; some servers only answer POST on the MCP path.
async function answers() {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'wait-for-server', method: 'ping' }),
      signal: AbortSignal.timeout(2000),
    });
    return true;
  } catch {
    return false;
  }
}

while (Date.now() < deadline) {
  if (!serverIsAlive()) {
    console.error(`wait-for-server: the server process ${pidText} exited before answering`);
    process.exit(1);
  }
  if (await answers()) process.exit(0);
  await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
}
console.error(`wait-for-server: ${url} did not answer within ${timeoutText} ms`);
process.exit(1);
