#!/usr/bin/env bash
# relops anchors audit against a straightforward per-anchor script, in the same run.
#
# Builds a repository with 500 first-parent commits and 100 ADRs holding about 2,000 anchors
# (Benchmarks/anchors-corpus.py, deterministic), then times:
#   relops     `relops anchors audit --format json` over every ADR (blame, diffs, attribution);
#   per-anchor for each anchor, `git blame -L` on its ADR line for the base, then
#              `git diff -U0 base HEAD -- path` mapped through awk (cheaper than `git log -L`).
# Prints both times and the ratio. Target: relops under 0.5 s (the restructuring commit included)
# and at least 20x faster.
# Needs: a release build (`swift build -c release`, or RELOPS_BIN), git, hyperfine, python3.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
relops=${RELOPS_BIN:-$here/.build/release/relops}
[ -x "$relops" ] || { echo "anchors.sh: $relops not found; run 'swift build -c release' first" >&2; exit 1; }
for tool in git hyperfine python3; do
    command -v "$tool" >/dev/null || { echo "anchors.sh: $tool is needed" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo=$work/repo
git init -q -b main "$repo"
python3 "$here/Benchmarks/anchors-corpus.py" "$work/anchors.tsv" | git -C "$repo" fast-import --quiet
git -C "$repo" reset -q --hard main
printf 'anchors:\n  docs: ["Docs/adr/*.md"]\n' > "$repo/.relops.yml"

cat > "$work/per-anchor.sh" <<'EOF'
#!/usr/bin/env bash
# For each anchor: the commit that wrote its ADR line, then its lines mapped from there to HEAD.
cd "$1"
while IFS=$'\t' read -r doc line path start end; do
    base=$(git blame --porcelain -L "$line,$line" -- "$doc" | head -n1 | cut -d' ' -f1)
    git diff -U0 "$base" HEAD -- "$path" | awk -v s="$start" -v e="$end" '
        /^@@/ { split($2, o, ","); split($3, n, ",")
                os = substr(o[1], 2) + 0; ol = (o[2] == "" ? 1 : o[2] + 0); nl = (n[2] == "" ? 1 : n[2] + 0)
                if (ol == 0) { if (os < s) d += nl; next }
                if (os + ol - 1 < s) { d += nl - ol; next }
                if (os <= e) touched = 1 }
        END { if (touched) print "changed"; else if (d == 0) print "ok"; else print "moved " d }'
done < "$2"
EOF

anchors=$(wc -l < "$work/anchors.tsv")
commits=$(git -C "$repo" rev-list --count HEAD)
docs=$(ls "$repo/Docs/adr" | wc -l)
echo "corpus: $commits commits, $docs ADRs, $anchors anchors"
(cd "$repo" && "$relops" anchors audit | tail -n1) || true

hyperfine --warmup 1 --runs 10 -i --export-json "$work/relops.json" -n relops \
    "cd '$repo' && '$relops' anchors audit --format json > /dev/null"
hyperfine --runs 2 --export-json "$work/peer.json" -n per-anchor \
    "bash '$work/per-anchor.sh' '$repo' '$work/anchors.tsv' > /dev/null"

python3 - "$work/relops.json" "$work/peer.json" <<'EOF'
import json, sys
ours = json.load(open(sys.argv[1]))["results"][0]
peer = json.load(open(sys.argv[2]))["results"][0]
print(f"relops anchors audit: {ours['mean']:.3f} s (min {ours['min']:.3f} s)")
print(f"per-anchor script:    {peer['mean']:.3f} s")
print(f"ratio:                {peer['mean'] / ours['mean']:.1f}x faster")
EOF
