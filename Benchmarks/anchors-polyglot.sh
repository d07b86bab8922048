#!/usr/bin/env bash
# The slowest audit of one commit's documents on a repository of the second shape of issue 41
# (Go + TypeScript, about 3,600 commits, ADRs and Arc42 docs beside the code, merged pull
# requests, one commit changing 60 documents at once, bases spread over months, a wide tree),
# against a per-anchor `git log -L` reference, in the same run.
#
# Builds the corpus with git fast-import (Benchmarks/anchors-polyglot-corpus.py, deterministic).
# Takes the first-parent commits that changed the most documents (ANCHORS_COMMITS, default 5)
# and, for each, times `relops anchors audit --format json` over the documents that commit
# changed, as they are at HEAD (best of 3). Prints the slowest of these audits, and for it:
#   reference  for each anchor, `git log -L START,END:PATH --format=%H -s BASE..HEAD`, BASE the
#              commit that wrote the anchor's line (on the pull request's branch), PATH the file's
#              path at HEAD, the range clamped to its length there;
#   ratio      relops' time over the reference's (scaled to all anchors when sampled).
# Goal: the slowest audit at or below 2 s.
# ANCHORS_REFERENCE_LIMIT=N (default 200) runs the reference on N anchors, spread evenly over the
# list, and scales its time to all of them (printed as such); 0 runs all.
# Needs: a release build (RELOPS_BIN, else .build-release/release/relops, else .build/release/relops),
# git, python3.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
relops=${RELOPS_BIN:-}
for candidate in "$here/.build-release/release/relops" "$here/.build/release/relops"; do
    [ -n "$relops" ] || { [ -x "$candidate" ] && relops=$candidate; }
done
[ -x "$relops" ] || { echo "anchors-polyglot.sh: no release relops; run 'swift build -c release' first (or set RELOPS_BIN)" >&2; exit 1; }
for tool in git python3; do
    command -v "$tool" >/dev/null || { echo "anchors-polyglot.sh: $tool is needed" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo=$work/repo
git init -q -b main "$repo"
python3 "$here/Benchmarks/anchors-polyglot-corpus.py" "$work/anchors.tsv" |
    git -C "$repo" fast-import --quiet --export-marks="$work/marks"
git -C "$repo" reset -q --hard main
echo "polyglot corpus: $(git -C "$repo" rev-list --count HEAD) commits" \
    "($(git -C "$repo" rev-list --first-parent --count HEAD) first-parent)," \
    "$(git -C "$repo" ls-files | wc -l) files in $(git -C "$repo" ls-files | xargs -n1 dirname | sort -u | wc -l) folders," \
    "$(git -C "$repo" ls-files '*.md' | wc -l) documents, $(wc -l < "$work/anchors.tsv") anchors," \
    "bases at $(cut -f9 "$work/anchors.tsv" | sort -u | wc -l) commits"

cat > "$work/reference.sh" <<'SH'
#!/usr/bin/env bash
# One `git log -L` per anchor line of the list on stdin, from the commit that wrote its line to HEAD.
cd "$1"
while IFS=$'\t' read -r doc line path start end then length expected base; do
    [ "$start" -gt "$length" ] && start=$length
    [ "$end" -gt "$length" ] && end=$length
    git log -L "$start,$end:$path" --format=%H -s "$base..HEAD" > /dev/null
done
SH

python3 - "$relops" "$repo" "$work" "${ANCHORS_COMMITS:-5}" "${ANCHORS_REFERENCE_LIMIT:-200}" <<'PY'
import json, os, subprocess, sys, time
relops, repo, work, commits, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
marks = dict(row.split() for row in open(os.path.join(work, "marks")))


def git(*argv):
    return subprocess.run(["git", "-C", repo, *argv], capture_output=True, text=True, check=True).stdout


# The documents each first-parent commit changed (a merge: against its first parent).
changed, current = {}, None
for row in git("log", "--first-parent", "-m", "--name-only", "--format=%H", "--", "*.md").splitlines():
    if len(row) == 40 and all(c in "0123456789abcdef" for c in row):
        current = row
    elif row:
        changed.setdefault(current, set()).add(row)
head = set(git("ls-files", "*.md").split())
picked = sorted(changed, key=lambda c: -len(changed[c] & head))[:commits]


def run(argv):
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=repo, capture_output=True)
    if proc.returncode not in (0, 1):
        sys.exit("relops anchors audit failed (exit %d): %s" % (proc.returncode, proc.stderr.decode()))
    return time.perf_counter() - start, proc.stdout


results = []
for commit in picked:
    docs = sorted(changed[commit] & head)
    runs = [run([relops, "anchors", "audit", "--format", "json"] + docs) for _ in range(3)]
    best = min(r[0] for r in runs)
    counts = json.loads(runs[0][1])["counts"]
    print(f"commit {commit[:7]}: {len(docs)} documents, {counts['total']} anchors, {best:.3f} s best of 3 "
          f"({', '.join(f'{r[0]:.3f}' for r in runs)}); " + ", ".join(f"{k} {v}" for k, v in counts.items() if v and k != "total"))
    results.append((best, commit, docs, counts["total"], json.loads(runs[0][1])["anchors"]))
best, commit, docs, total, audited = max(results, key=lambda r: r[0])
rows = [r.split("\t") for r in open(os.path.join(work, "anchors.tsv")).read().splitlines()]
rows = [r[:8] + [marks[":" + r[8]]] for r in rows if r[0] in docs]
# The base relops found (blame) against the commit the generator wrote each anchor's line in.
written = {(r[0], int(r[1])): r[8] for r in rows}
bases = [(a["base"], written[(a["doc"], a["doc_line"])]) for a in audited if (a["doc"], a["doc_line"]) in written]
print(f"bases:                     {sum(b == w for b, w in bases)} of {len(bases)} anchors based on the commit "
      f"that wrote their line")
step = max(1, len(rows) // limit) if 0 < limit < len(rows) else 1
sample = rows[::step]
start = time.perf_counter()
subprocess.run(["bash", os.path.join(work, "reference.sh"), repo], input="\n".join("\t".join(r) for r in sample) + "\n",
               text=True, check=True)
reference = time.perf_counter() - start
scaled = reference * len(rows) / len(sample)
print(f"slowest audit of one commit's documents: {best:.3f} s (commit {commit[:7]}, {len(docs)} documents, "
      f"{total} anchors; goal <= 2 s)")
if len(sample) == len(rows):
    print(f"git log -L per anchor:     {reference:.1f} s for {len(rows)} anchors")
else:
    print(f"git log -L per anchor:     {reference:.1f} s for {len(sample)} of {len(rows)} anchors (every {step}th), "
          f"{scaled:.1f} s scaled to all")
print(f"ratio:                     {best / scaled:.4f}x the reference")
PY
