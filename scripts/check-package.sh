#!/usr/bin/env bash
# Proves the packed package installs and works as a user would get it (`npm run check:package`):
#   1. builds, packs, and checks the tarball (LICENSE, the form app, source maps that carry their sources);
#   2. "lowest": an ESM project with the lowest version of every peer range; "latest": a CommonJS project
#      with Nest's default tsconfig and the latest of every range;
#   3. in each: no nested second copy of the SDK, a RedisStateStore file type-checks against ioredis 5
#      and 6, and a small server answers one real call over HTTP (two rounds, one elicitation), traced
#      through the optional @opentelemetry/api peer;
#   4. "commonjs": a project from `elicitor new`, switched to CommonJS as a user would ("type":
#      "commonjs", tsconfig "module": "CommonJS"): it compiles to require('elicitor'), passes npm test,
#      bundles, answers a call over stdio from its tsc output and its bundle, and exits 1 when it cannot start.
# Needs the npm registry. ELICITOR_CHECK_DIR keeps the scratch projects there instead of a temp dir.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FIXTURES="$ROOT/scripts/package-check"
WORK="${ELICITOR_CHECK_DIR:-$(mktemp -d)}"
mkdir -p "$WORK"
[ -n "${ELICITOR_CHECK_DIR:-}" ] || trap 'rm -rf "$WORK"' EXIT

# Lowest of each peer range in package.json (keep in step with it), and the matching TypeScript.
LOWEST=(
  @modelcontextprotocol/server@2.4.0 @modelcontextprotocol/node@2.1.0 inversify@8.2.2
  class-validator@0.15.1 class-transformer@0.5.1 reflect-metadata@0.2.0
  ioredis5@npm:ioredis@5.3.0 ioredis6@npm:ioredis@6.0.0 @opentelemetry/api@1.9.0
  @opentelemetry/sdk-trace-base@^2
)
LATEST=(
  @modelcontextprotocol/server@^2 @modelcontextprotocol/node@^2 inversify@^8 class-validator@^0.15
  class-transformer@^0.5 reflect-metadata@^0.2 ioredis5@npm:ioredis@^5 ioredis6@npm:ioredis@^6 @opentelemetry/api@^1
  @opentelemetry/sdk-trace-base@^2
)
TOOLS=(typescript@^6 @types/node@^20)

fail() { echo "check:package: $*" >&2; exit 1; }

echo "== pack"
(cd "$ROOT" && npm run build:lib --silent)
TARBALL="$WORK/$(cd "$ROOT" && npm pack --silent --pack-destination "$WORK" | tail -1)"
CONTENTS="$(tar -tzf "$TARBALL")"
grep -qx 'package/LICENSE' <<<"$CONTENTS" || fail 'LICENSE is missing from the tarball'
grep -qx 'package/dist/ui/form-app.html' <<<"$CONTENTS" || fail 'the form app (dist/ui/form-app.html) is missing from the tarball'
tar -xzf "$TARBALL" -C "$WORK" package/dist/index.js.map
node -e '
  const map = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  if (!map.sourcesContent || map.sourcesContent.some((s) => typeof s !== "string")) process.exit(1);
' "$WORK/package/dist/index.js.map" || fail 'source maps do not carry sourcesContent'
echo "tarball ok: $(basename "$TARBALL")"

# $1 name, $2 "module" or "commonjs", $3 tsconfig, rest: versions to install.
scenario() {
  local name=$1 type=$2 tsconfig=$3
  shift 3
  local dir="$WORK/$name"
  echo "== $name ($type): $*"
  rm -rf "$dir" && mkdir -p "$dir"
  node -e '
    const [dir, type] = process.argv.slice(1);
    require("fs").writeFileSync(dir + "/package.json", JSON.stringify({ name: "scratch", private: true, type }, null, 2));
  ' "$dir" "$type"
  cp "$FIXTURES/smoke-server.ts" "$FIXTURES/$tsconfig" "$FIXTURES/tsconfig.node10.json" "$dir/"
  for major in 5 6; do sed "s/IOREDIS_ALIAS/ioredis$major/" "$FIXTURES/redis-store.ts" >"$dir/redis-store-$major.ts"; done
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "$TARBALL" "$@" "${TOOLS[@]}" >/dev/null)

  # One SDK: the user's copy, never a nested one under elicitor.
  [ ! -e "$dir/node_modules/elicitor/node_modules/@modelcontextprotocol/server" ] ||
    fail "$name: a nested copy of @modelcontextprotocol/server was installed under elicitor"
  local copies
  copies=$(cd "$dir" && npm ls @modelcontextprotocol/server --all --parseable | sort -u | wc -l)
  [ "$copies" -eq 1 ] || fail "$name: $copies copies of @modelcontextprotocol/server"
  echo "one SDK copy: $(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).version' \
    "$dir/node_modules/@modelcontextprotocol/server/package.json")"

  (cd "$dir" && npx tsc -p "$tsconfig") || fail "$name: the smoke server does not compile"
  for major in 5 6; do
    (cd "$dir" && npx tsc --noEmit --module nodenext --moduleResolution nodenext --target ES2022 --strict \
      --skipLibCheck --types node "redis-store-$major.ts") ||
      fail "$name: RedisStateStore does not accept an ioredis $major client"
    echo "ioredis $major client type-checks"
  done
  (cd "$dir" && node dist/smoke-server.js) || fail "$name: the smoke server call failed"
}

scenario lowest module tsconfig.esm.json "${LOWEST[@]}"
scenario latest commonjs tsconfig.nest.json "${LATEST[@]}"
echo "== node10 resolution (typesVersions)"
(cd "$WORK/latest" && npx tsc -p tsconfig.node10.json) || fail 'the subpath types do not resolve under moduleResolution node10'
echo "node10 ok"

echo "== commonjs: a project from elicitor new, switched to CommonJS"
CJS="$WORK/commonjs"
rm -rf "$CJS"
node "$ROOT/dist/cli/main.js" new cjs-app --directory "$CJS" --skip-install --elicitor-version "file:$TARBALL" >/dev/null
node -e '
  const fs = require("fs");
  const dir = process.argv[1];
  const manifest = JSON.parse(fs.readFileSync(dir + "/package.json", "utf8"));
  manifest.type = "commonjs";
  fs.writeFileSync(dir + "/package.json", JSON.stringify(manifest, null, 2));
  const before = fs.readFileSync(dir + "/tsconfig.json", "utf8");
  const after = before
    .replace(/"module": "NodeNext"/, "\"module\": \"CommonJS\"")
    .replace(/\n *"moduleResolution": "NodeNext",/, "");
  if (!after.includes("\"module\": \"CommonJS\"") || after.includes("moduleResolution")) process.exit(1);
  fs.writeFileSync(dir + "/tsconfig.json", after);
' "$CJS" || fail 'commonjs: the scaffold tsconfig.json no longer reads "module": "NodeNext"'
(cd "$CJS" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
(cd "$CJS" && npx tsc) || fail 'commonjs: the scaffold does not compile as CommonJS'
grep -q 'require("elicitor")' "$CJS/dist/main.js" || fail 'commonjs: dist/main.js does not require("elicitor")'
(cd "$CJS" && npm test --silent) || fail 'commonjs: npm test fails'
(cd "$CJS" && npx elicitor build >/dev/null) || fail 'commonjs: elicitor build fails'
echo '{"byField":{"name":"Ada"}}' >"$CJS/answers.json"
for entry in dist/main.js dist/main.bundle.mjs; do
  (cd "$CJS" && npx elicitor call "node $entry --stdio" greet --answers answers.json 2>/dev/null) |
    grep -qx 'Hello, Ada!' || fail "commonjs: node $entry --stdio did not answer greet"
  echo "node $entry --stdio answers greet"
done
status=0
(cd "$CJS" && PORT=-1 timeout 60 node dist/main.js >/dev/null 2>&1) || status=$?
[ "$status" -eq 1 ] || fail "commonjs: main() exited $status, not 1, when the server could not start"
echo "commonjs ok"
echo "check:package passed"
