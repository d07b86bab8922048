#!/usr/bin/env bash
# Times `relops scan` against `git grep -n -i -F` and `rg -n -i -F` on the same repository, warm
# cache, in the same run, for a needle that occurs a few times and one that never occurs; prints
# each ratio (relops / faster peer: at most 1.0 is the goal) and relops's peak memory.
# Usage: Benchmarks/scan.sh [REPO]   (default: builds Benchmarks/work/scan-corpus once)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/corpus.sh"
relops=${RELOPS:-$here/../.build/release/relops}
[ -x "$relops" ] || { echo "build first: make release" >&2; exit 3; }
repo=${1:-$here/work/scan-corpus}
needle=app.example.com
absent=never.example.org
ensure_corpus "$repo" --plant "$needle:5"
files=$(git -C "$repo" ls-files | wc -l)
mb=$(du -sm --exclude=.git "$repo" | cut -f1)
echo "repository: $repo ($files tracked files, ${mb} MB)"
git -C "$repo" status --porcelain >/dev/null   # refresh the index so no tool pays for it
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

ratio() { python3 -c "import json,sys; r={x['command']:x['mean'] for x in json.load(open(sys.argv[1]))['results']}; \
rel=r['relops']; peer=min(r['git grep'], r['rg']); \
print(f\"  relops {rel*1000:.0f} ms, git grep {r['git grep']*1000:.0f} ms, rg {r['rg']*1000:.0f} ms: ratio to the faster peer {rel/peer:.2f}\")" "$1"; }

for n in "$needle" "$absent"; do
  echo "needle $n:"
  hyperfine --style none --warmup 3 --runs 15 --ignore-failure --export-json "$out/$n.json" \
    -n relops "$relops scan --repo $repo --host $n --format json" \
    -n "git grep" "git -C $repo grep -n -i -F $n" \
    -n rg "rg -n -i -F $n $repo" >/dev/null
  ratio "$out/$n.json"
done
peak=$(/usr/bin/time -f %M "$relops" scan --repo "$repo" --host "$needle" --format json 2>&1 >/dev/null | tail -1)
echo "relops peak memory: $((peak / 1024)) MiB (goal: under 64 MiB)"
