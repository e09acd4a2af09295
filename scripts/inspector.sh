#!/usr/bin/env bash
# Runs the official MCP Inspector (pinned) with a Node >= 22.19, which it needs: the same Node the
# conformance scripts install from the npm registry when the one on PATH is older. Arguments go to the
# Inspector unchanged, e.g.:
#   bash scripts/inspector.sh --cli node samples/seed-tour/dist/main.js --stdio --protocol-era modern --method tools/list
#   bash scripts/inspector.sh            (the web UI)
# Environment: ELICITOR_INSPECTOR_VERSION (default 2.12.0), and those of scripts/lib/conformance-env.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/conformance-env.sh
source "$ROOT/scripts/lib/conformance-env.sh"

INSPECTOR_VERSION="${ELICITOR_INSPECTOR_VERSION:-2.12.0}"
conformance_find_node
FOLDER="$CONFORMANCE_HOME/inspector-$INSPECTOR_VERSION"
LAUNCHER="$FOLDER/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"
if [ ! -f "$LAUNCHER" ]; then
  echo "# installing @modelcontextprotocol/inspector@$INSPECTOR_VERSION into $FOLDER" >&2
  conformance_npm_install "$FOLDER" "@modelcontextprotocol/inspector@$INSPECTOR_VERSION"
fi
# The Inspector starts its helpers with the `node` on PATH: make that the Node >= 22 too.
PATH="$(dirname "$CONFORMANCE_NODE"):$PATH" exec "$CONFORMANCE_NODE" "$LAUNCHER" "$@"
