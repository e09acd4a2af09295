#!/usr/bin/env bash
# Full conformance run (what `npm run conformance` calls after the build):
#   1. starts the server sample samples/conformance/dist/main.js on a free port
#      (PORT env; it serves Streamable HTTP at /mcp) and waits until it answers;
#   2. runs the official suite's server scenarios three times:
#        --requirements 2026-07-28   frozen required set, stateless 2026 wire
#        --requirements 2025-11-25   frozen required set, initialize wire
#        default "active" suite      everything current on the 2025 wire
#   3. runs the client scenarios (scripts/conformance-client.sh);
#   4. prints a table and last "N passed, M failed".
# Counts are checks that passed / failed, leaving out the scenarios the suite itself lists
# as "Not scored" (extensions, pending). Exit 0 only if every run is green; 2 on setup errors.
# The server is always stopped on exit.
#
# Environment: ELICITOR_CONFORMANCE_SERVER (server entry to start instead of the sample),
# ELICITOR_CONFORMANCE_OUT (results folder, default .conformance/<time>),
# ELICITOR_CONFORMANCE_TIMEOUT_MS (per scenario), and those of scripts/lib/conformance-env.sh.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 2
# shellcheck source=lib/conformance-env.sh
source "$ROOT/scripts/lib/conformance-env.sh"
SUMMARY="$ROOT/scripts/lib/conformance-summary.mjs"

SERVER_ENTRY="${ELICITOR_CONFORMANCE_SERVER:-samples/conformance/dist/main.js}"
TIMEOUT_MS="${ELICITOR_CONFORMANCE_TIMEOUT_MS:-30000}"
STARTUP_TIMEOUT_MS=30000

if [ ! -f "$SERVER_ENTRY" ]; then
  echo "conformance: $SERVER_ENTRY is missing; run \`npm run build\` first" >&2
  exit 2
fi
conformance_prepare || exit 2

OUT="${ELICITOR_CONFORMANCE_OUT:-$ROOT/.conformance/$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$OUT" || exit 2
RECORDS="$OUT/records.jsonl"
: > "$RECORDS"

# --- the server under test -----------------------------------------------------
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
URL="http://127.0.0.1:$PORT/mcp"
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
  fi
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "# starting $SERVER_ENTRY on $URL (log: $OUT/server.log)"
PORT="$PORT" node "$SERVER_ENTRY" > "$OUT/server.log" 2>&1 &
SERVER_PID=$!
if ! node scripts/lib/wait-for-server.mjs "$URL" "$STARTUP_TIMEOUT_MS" "$SERVER_PID"; then
  echo "--- server log ---" >&2
  tail -n 40 "$OUT/server.log" >&2
  exit 2
fi

# --- server runs -----------------------------------------------------------------
run_server_suite() {
  local name="$1" label="$2"; shift 2
  local run_out="$OUT/server-$name"
  mkdir -p "$run_out"
  echo
  echo "=== server: $label ==="
  "$CONFORMANCE_NODE" "$CONFORMANCE_CLI" server --url "$URL" --timeout "$TIMEOUT_MS" -o "$run_out" "$@" \
    > "$run_out/suite.log" 2>&1
  local suite_exit=$?
  # The suite's own per-scenario lines (its totals include unscored scenarios; ours below do not).
  sed -n '/=== SUMMARY ===/,$p' "$run_out/suite.log" | grep -E '^[✓✗] ' | sed 's/^/  /'
  node "$SUMMARY" run --kind server --label "$label" --out "$run_out" --log "$run_out/suite.log" \
    --exit "$suite_exit" --records "$RECORDS"
}

run_server_suite requirements-2026-07-28 "server --requirements 2026-07-28" --requirements 2026-07-28
run_server_suite requirements-2025-11-25 "server --requirements 2025-11-25" --requirements 2025-11-25
run_server_suite active "server active suite (2025 wire)"
stop_server

# --- client runs -----------------------------------------------------------------
echo
ELICITOR_CONFORMANCE_RECORDS="$RECORDS" ELICITOR_CONFORMANCE_OUT="$OUT" bash scripts/conformance-client.sh
client_exit=$?

echo
echo "results: $OUT"
node "$SUMMARY" table --records "$RECORDS" --title "conformance summary"
table_exit=$?
if [ "$table_exit" -ne 0 ] || [ "$client_exit" -ne 0 ]; then exit 1; fi
exit 0
