#!/usr/bin/env bash
# Times `relops cutover --apply` against `relops scan` on the scan benchmark's repository with a
# few hundred occurrences planted, in the same run, and prints the ratio (goal: at most 1.5).
# Each apply starts from a clean tree (git checkout and sync before every run; not timed, so
# the apply's own sync flushes only its own writes).
# Usage: Benchmarks/cutover.sh [OCCURRENCES] [REPO]   (default 300, Benchmarks/work/cutover-corpus-N)
# REPO lets the same corpus be timed on another filesystem (copy it there first, or let it be built).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/corpus.sh"
relops=${RELOPS:-$here/../.build-release/release/relops}
[ -x "$relops" ] || { echo "build first: make release" >&2; exit 3; }
plants=${1:-300}
repo=${2:-$here/work/cutover-corpus-$plants}
old=old.example.org
new=links.example.net
ensure_corpus "$repo" --plant "$old:$plants"
git -C "$repo" checkout -q -- . && rm -rf "$repo/.git/relops"
echo "repository: $repo ($(git -C "$repo" ls-files | wc -l) files, $plants occurrences of $old)"
out=$(mktemp -d)
trap 'rm -rf "$out"; git -C "$repo" checkout -q -- .' EXIT
hyperfine --style none --warmup 3 --runs 15 --export-json "$out/scan.json" \
  -n scan "$relops scan --repo $repo --host $old --format json" >/dev/null
hyperfine --style none --warmup 2 --runs 15 --export-json "$out/apply.json" \
  --prepare "git -C $repo checkout -q -- . && rm -rf $repo/.git/relops && sync" \
  -n apply "$relops cutover --repo $repo --from $old --to $new --apply --format json" >/dev/null
python3 - "$out" <<'PY'
import json, sys
scan = json.load(open(sys.argv[1] + "/scan.json"))["results"][0]["mean"]
apply = json.load(open(sys.argv[1] + "/apply.json"))["results"][0]["mean"]
print(f"  scan {scan*1000:.0f} ms, cutover --apply {apply*1000:.0f} ms: ratio {apply/scan:.2f} (goal: at most 1.5)")
PY
