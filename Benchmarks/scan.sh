#!/usr/bin/env bash
# Times `relops scan` against `git grep -n -i -F` and `rg -n -i -F` on the same repository, warm
# cache, in the same hyperfine run, on a 22,000-file mobile + server monorepo: a needle with a few
# hits inside mobile and server projects (goal: at most 0.8x the faster peer), a host with a few
# hundred occurrences spread over the tree (goal: at most 0.65x) and one that never occurs; prints
# each ratio (relops / faster peer, of the means and of the medians), the same ratio in CPU time
# (user + system, steadier than wall time on a busy machine) and the peak memory of each tool;
# then the three again in interleaved rounds (`interleaved`), which a change of the machine's
# speed during the run moves less.
# Then the same on a corpus with the shape of a real Flutter app (Benchmarks/flutter-app-corpus.py:
# ~7,100 files, 1,000 Dart files, gen-l10n ARB files for 120 locales, translation XML and .lproj
# strings, a Runner project.pbxproj, Fastfiles and workflows with --dart-define; ~2,900 occurrences
# in ~1,000 files; goal: at most 1.0x the faster peer), and `scan` on a 2,000-package npm workspace
# chain (each package depends on the next; goal: under one second).
# Usage: Benchmarks/scan.sh [REPO]   (default: builds Benchmarks/work/scan-corpus once)
#        NEEDLE=host ABSENT=host RUNS=n Benchmarks/scan.sh REPO   to choose the needles and runs
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/corpus.sh"
relops=${RELOPS:-$here/../.build-release/release/relops}
[ -x "$relops" ] || { echo "build first: make release" >&2; exit 3; }
repo=${1:-$here/work/scan-corpus}
needle=${NEEDLE:-app.example.com}
absent=${ABSENT:-never.example.org}
many=${MANY:-many.example.net}
runs=${RUNS:-30}
ensure_corpus "$repo" --plant "$needle:5" --plant "$many:580"
files=$(git -C "$repo" ls-files | wc -l)
projects=$(git -C "$repo" ls-files '*.csproj' | wc -l)
mb=$( (cd "$repo" && git ls-files -z | du -cb --files0-from=- 2>/dev/null | tail -1 | cut -f1) | awk '{print int($1 / 1e6)}')
echo "repository: $repo ($files tracked files, ${mb} MB, $projects .csproj files)"
git -C "$repo" status --porcelain >/dev/null   # refresh the index so no tool pays for it
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

report() {
  python3 - "$1" <<'EOF'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
def cpu(x): return x["user"] + x["system"]
peer = min(r["git grep"]["mean"], r["rg"]["mean"])
peer_cpu = min(cpu(r["git grep"]), cpu(r["rg"]))
print("  " + ", ".join(f"{k} {v['mean']*1000:.0f} ms (median {v['median']*1000:.0f}, cpu {cpu(v)*1000:.0f})"
                       for k, v in r.items()))
peer_median = min(r["git grep"]["median"], r["rg"]["median"])
print(f"  relops / faster peer: {r['relops']['mean'] / peer:.2f} wall time (medians {r['relops']['median'] / peer_median:.2f}),"
      f" {cpu(r['relops']) / peer_cpu:.2f} cpu time")
EOF
}

compare() {  # REPO NEEDLE LABEL: the three tools on one repository and needle, in one hyperfine run
  local hits
  hits=$({ git -C "$1" grep -i -F -c "$2" || true; } | awk -F: '{s += $NF} END {print s + 0}')
  echo "$3: $2 ($hits lines)"
  hyperfine -N --style none --warmup 3 --runs "$runs" --ignore-failure --export-json "$out/$2.json" \
    -n relops "$relops scan --repo $1 --host $2 --format json" \
    -n "git grep" "git -C $1 grep -n -i -F $2" \
    -n rg "rg -n -i -F $2 $1" >/dev/null 2>"$out/hyperfine.err" || { cat "$out/hyperfine.err" >&2; exit 3; }
  report "$out/$2.json"
  interleaved "$1" "$2"
}

# The same three commands again, one run of each per round in a rotating order: hyperfine runs
# each tool's runs one after the other, so a change of the machine's speed between them moves
# its ratio; here every round sees the three alike. Printed beside the goal's figure, not instead.
interleaved() {  # REPO NEEDLE
  python3 - "$relops" "$1" "$2" "$runs" <<'EOF'
import os, statistics, subprocess, sys, time
relops, repo, needle, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
commands = {
    "relops": [relops, "scan", "--repo", repo, "--host", needle, "--format", "json"],
    "git grep": ["git", "-C", repo, "grep", "-n", "-i", "-F", needle],
    "rg": ["rg", "-n", "-i", "-F", needle, repo],
}
names = list(commands)
times = {name: [] for name in names}
with open(os.devnull, "w") as devnull:
    for k in range(rounds):
        for name in names[k % 3:] + names[:k % 3]:
            start = time.perf_counter()
            subprocess.run(commands[name], stdout=devnull, stderr=devnull)
            times[name].append(time.perf_counter() - start)
median = {name: statistics.median(times[name]) for name in names}
ratios = [times["relops"][k] / min(times["git grep"][k], times["rg"][k]) for k in range(rounds)]
print(f"  interleaved, {rounds} rounds: relops {median['relops'] * 1000:.0f} ms, git grep "
      f"{median['git grep'] * 1000:.0f} ms, rg {median['rg'] * 1000:.0f} ms (medians); relops / faster peer "
      f"{median['relops'] / min(median['git grep'], median['rg']):.2f} (median of each round's ratio "
      f"{statistics.median(ratios):.2f})")
EOF
}

compare "$repo" "$needle" "monorepo, a few hits (goal: at most 0.8)"
compare "$repo" "$many" "monorepo, a few hundred hits (goal: at most 0.65)"
compare "$repo" "$absent" "monorepo, no hit"

flutter=$here/work/flutter-app-corpus
stamp="$(sha256sum "$here/flutter-app-corpus.py" | cut -c1-16) $needle"
if [ "$(cat "$flutter/.git/relops-corpus" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$flutter" && mkdir -p "$flutter"
  python3 "$here/flutter-app-corpus.py" "$flutter" "$needle"
  git -C "$flutter" init -q && git -C "$flutter" add -A
  git -C "$flutter" -c user.name=bench -c user.email=bench@example.org commit -qm corpus
  echo "$stamp" >"$flutter/.git/relops-corpus"
fi
git -C "$flutter" status --porcelain >/dev/null
echo "Flutter-shaped app: $flutter ($(git -C "$flutter" ls-files | wc -l) files," \
  "$(rg -o -i -F "$needle" "$flutter" | wc -l) occurrences in $(rg -l -i -F "$needle" "$flutter" | wc -l) files)"
compare "$flutter" "$needle" "Flutter-shaped app (goal: at most 1.0)"

chain=$here/work/workspace-chain
if [ ! -d "$chain/.git" ]; then
  rm -rf "$chain" && mkdir -p "$chain"
  python3 "$here/workspace-chain.py" "$chain" 2000 "$needle"
  git -C "$chain" init -q && git -C "$chain" add -A
  git -C "$chain" -c user.name=bench -c user.email=bench@example.org commit -qm corpus
fi
echo "npm workspace chain of 2,000 packages (goal: under one second):"
hyperfine -N --style none --warmup 1 --runs 5 --export-json "$out/chain.json" \
  -n relops "$relops scan --repo $chain --host $needle --format json" >/dev/null 2>"$out/hyperfine.err" \
  || { cat "$out/hyperfine.err" >&2; exit 3; }
python3 - "$out/chain.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(f"  relops {r['mean'] * 1000:.0f} ms (max {r['max'] * 1000:.0f} ms)")
EOF
peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
echo "peak memory: relops $(($(peak "$relops" scan --repo "$repo" --host "$needle" --format json) / 1024)) MiB" \
  "(goal: under 40 MiB), git grep $(($(peak git -C "$repo" grep -n -i -F "$needle") / 1024)) MiB," \
  "rg $(($(peak rg -n -i -F "$needle" "$repo") / 1024)) MiB"
