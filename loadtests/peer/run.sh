#!/usr/bin/env bash
# Runs the peer benchmark (cardengine against boardgame.io) in one go and prints the table (README.md says what is
# compared and what is not equal). From the repo's root:
#
#   bash loadtests/peer/run.sh [--seconds 5] [--rounds 3] [--extra] [--json results/run.json]
#
# Serves this checkout with its .venv (`bash scripts/bootstrap` makes it); --cardengine/--venv (or CARDENGINE_DIR,
# CARDENGINE_VENV) name another. Installs the Node packages into loadtests/peer/node_modules (npm ci, pinned by
# package-lock.json) when they are missing or older than the lock. Options: `.venv/bin/python -m loadtests.peer.bench
# --help`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
need() {
    command -v "$1" >/dev/null 2>&1 || { echo "run.sh: '$1' is needed: $2" >&2; exit 2; }
}
need node "Node.js 20"
need npm "npm (with Node.js)"
need taskset "util-linux"
need redis-server "Debian package redis-server"
need wrk "Debian package wrk (apt-get install -y wrk)"
if [ ! -x .venv/bin/python ]; then
    echo "run.sh: no .venv in $PWD: run 'bash scripts/bootstrap' first" >&2
    exit 2
fi
if [ "$(nproc)" -lt 2 ]; then
    echo "run.sh: needs two cores (the servers on one, the load generators on the other)" >&2
    exit 2
fi
if [ ! -d "$here/node_modules/boardgame.io" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
    echo "run.sh: installing the Node packages into loadtests/peer/node_modules (npm ci, package-lock.json)" >&2
    (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
    echo "run.sh: Node packages installed" >&2
fi
exec .venv/bin/python -m loadtests.peer.bench "$@"
