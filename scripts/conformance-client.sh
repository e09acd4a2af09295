#!/usr/bin/env bash
# Runs the official MCP conformance suite's CLIENT scenarios against the sample
# samples/conformance-client. For each scenario the suite starts its own mock server and
# runs `node samples/conformance-client/dist/main.js <url>`.
#
# Usage: bash scripts/conformance-client.sh [scenario[@revision] ...]
#   Without arguments it runs the scenarios the project gates on (below). A revision picks
#   the wire: 2026-07-28 = stateless lifecycle, 2025-11-25 = initialize.
#
# Prints each scenario's counts, a table, and last "N passed, M failed" (checks that
# passed / failed; warnings and a crashing client also fail the run). Exit 0 only if all
# runs are green; 2 on setup errors. No expected-failures baseline: everything must pass.
#
# Environment: ELICITOR_CONFORMANCE_OUT (results folder, default .conformance/<time>),
# ELICITOR_CONFORMANCE_TIMEOUT_MS (per scenario, default 30000), and those of
# scripts/lib/conformance-env.sh. ELICITOR_CONFORMANCE_RECORDS is set by conformance.sh
# to receive one rolled-up row for its own table.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 2
# shellcheck source=lib/conformance-env.sh
source "$ROOT/scripts/lib/conformance-env.sh"
SUMMARY="$ROOT/scripts/lib/conformance-summary.mjs"

DEFAULT_RUNS=(
  initialize@2025-11-25
  tools_call@2025-11-25
  tools_call@2026-07-28
  elicitation-sep1034-client-defaults@2025-11-25
  request-metadata@2026-07-28
  sep-2322-client-request-state@2026-07-28
)
if [ $# -gt 0 ]; then runs=("$@"); else runs=("${DEFAULT_RUNS[@]}"); fi

# The suite splits the command on spaces, so it must be a relative path from the repo root.
CLIENT_ENTRY="samples/conformance-client/dist/main.js"
CLIENT_COMMAND="node $CLIENT_ENTRY"
TIMEOUT_MS="${ELICITOR_CONFORMANCE_TIMEOUT_MS:-30000}"

conformance_prepare || exit 2
if [ ! -f "$CLIENT_ENTRY" ]; then
  echo "# $CLIENT_ENTRY is missing; building the client sample" >&2
  node node_modules/typescript/bin/tsc -p samples/conformance-client || exit 2
fi

OUT="${ELICITOR_CONFORMANCE_OUT:-$ROOT/.conformance/$(date -u +%Y%m%dT%H%M%SZ)}/client"
mkdir -p "$OUT" || exit 2
RECORDS="$OUT/records.jsonl"
: > "$RECORDS"

for run in "${runs[@]}"; do
  scenario="${run%@*}"
  revision=""
  [ "$scenario" != "$run" ] && revision="${run##*@}"
  run_out="$OUT/$run"
  mkdir -p "$run_out"
  version_args=()
  [ -n "$revision" ] && version_args=(--spec-version "$revision")

  echo "=== client scenario $scenario${revision:+ [$revision]} ==="
  "$CONFORMANCE_NODE" "$CONFORMANCE_CLI" client --command "$CLIENT_COMMAND" --scenario "$scenario" \
    "${version_args[@]}" --timeout "$TIMEOUT_MS" -o "$run_out" > "$run_out/suite.log" 2>&1
  suite_exit=$?
  grep -E '^Passed: |CLIENT (TIMED OUT|EXITED)' "$run_out/suite.log" | sed 's/^/  suite: /'
  node "$SUMMARY" run --kind client --label "$scenario${revision:+ [$revision]}" --out "$run_out" \
    --log "$run_out/suite.log" --exit "$suite_exit" --records "$RECORDS" --expect "$scenario"
done

if [ -n "${ELICITOR_CONFORMANCE_RECORDS:-}" ]; then
  node "$SUMMARY" rollup --records "$RECORDS" --into "$ELICITOR_CONFORMANCE_RECORDS" --label "client scenarios"
fi
echo "results: $OUT"
node "$SUMMARY" table --records "$RECORDS" --title "client conformance"
