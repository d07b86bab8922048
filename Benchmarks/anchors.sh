#!/usr/bin/env bash
# relops anchors audit on a long history against a per-anchor `git log -L` reference, in the same run.
#
# Builds (with git fast-import, Benchmarks/anchors-long-corpus.py, deterministic) a repository of
# 5,000 files and 5,001 first-parent commits with renames (exact and with an edit) and blocks
# moved across files, and 10 wiki pages written early in the history holding 500 anchors. Then:
#   relops     `relops anchors audit --format json` over the 10 pages (best of 3 runs, peak RSS);
#   reference  for each anchor, `git log -L START,END:PATH --format=%H -s BASE..HEAD`: git's own
#              line-range history (it follows renames itself; git refuses `--follow` with `-L`).
#              BASE is the commit that wrote the page; PATH is the file's path at HEAD and the
#              range is clamped to its length there.
# Prints both times, the ratio and relops' peak memory. Goal: relops <= 0.05x the reference,
# under 2 s, peak RSS under 200 MiB.
# ANCHORS_REFERENCE_LIMIT=N runs the reference on the first N anchors only and scales its time
# to all of them (printed as such).
# Then the ADR corpus of earlier sessions (below), against its per-anchor blame + diff script.
# Needs: a release build (RELOPS_BIN, else .build-release/release/relops, else .build/release/relops),
# git, python3.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
relops=${RELOPS_BIN:-}
for candidate in "$here/.build-release/release/relops" "$here/.build/release/relops"; do
    [ -n "$relops" ] || { [ -x "$candidate" ] && relops=$candidate; }
done
[ -x "$relops" ] || { echo "anchors.sh: no release relops; run 'swift build -c release' first (or set RELOPS_BIN)" >&2; exit 1; }
for tool in git python3; do
    command -v "$tool" >/dev/null || { echo "anchors.sh: $tool is needed" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo=$work/repo
git init -q -b main "$repo"
t0=$(date +%s.%N)
python3 "$here/Benchmarks/anchors-long-corpus.py" "$work/anchors.tsv" | git -C "$repo" fast-import --quiet
git -C "$repo" reset -q --hard main
t1=$(date +%s.%N)
anchors=$(wc -l < "$work/anchors.tsv")
commits=$(git -C "$repo" rev-list --count HEAD)
files=$(git -C "$repo" ls-files | wc -l)
renames=$(git -C "$repo" log --format= --diff-filter=R -M --name-only | grep -c . || true)
echo "corpus: $commits commits, $files files, $renames renames, $anchors anchors in 10 pages" \
    "(generated in $(python3 -c "print(f'{$t1 - $t0:.1f}')") s)"
(cd "$repo" && git ls-files 'wiki/*.md') > "$work/docs.txt"

# The base of each page: the commit that wrote it.
cut -f1 "$work/anchors.tsv" | sort -u | while read -r doc; do
    printf '%s\t%s\n' "$doc" "$(git -C "$repo" log --format=%H --diff-filter=A -1 -- "$doc")"
done > "$work/bases.tsv"
cat > "$work/reference.sh" <<'SH'
#!/usr/bin/env bash
# One `git log -L` per anchor, from the page's base to HEAD.
cd "$1"
limit=${3:-0}
declare -A base
while IFS=$'\t' read -r doc id; do base[$doc]=$id; done < "$2.bases"
n=0
while IFS=$'\t' read -r doc line path start end then length expected; do
    [ "$limit" -gt 0 ] && [ "$n" -ge "$limit" ] && break
    n=$((n + 1))
    [ "$start" -gt "$length" ] && start=$length
    [ "$end" -gt "$length" ] && end=$length
    git log -L "$start,$end:$path" --format=%H -s "${base[$doc]}..HEAD" > /dev/null
done < "$2"
SH
cp "$work/bases.tsv" "$work/anchors.tsv.bases"

python3 - "$relops" "$repo" "$work" "$anchors" "${ANCHORS_REFERENCE_LIMIT:-0}" <<'PY'
import json, os, subprocess, sys, time
relops, repo, work, anchors, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
docs = open(os.path.join(work, "docs.txt")).read().split()

def run(argv, cwd):
    """Wall time and peak RSS (KiB) of one run of argv."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status), out, err

runs = [run([relops, "anchors", "audit", "--format", "json"] + docs, repo) for _ in range(3)]
for _, _, code, _, err in runs:
    if code not in (0, 1):
        sys.exit("relops anchors audit failed (exit %d): %s" % (code, err.decode()))
best = min(r[0] for r in runs)
rss = max(r[1] for r in runs) / 1024
result = json.loads(runs[0][3])
counts = result["counts"]
print("relops audit:  %s" % ", ".join(f"{k} {v}" for k, v in counts.items() if v))
# Against the generator's ground truth: where each unchanged block is at HEAD.
truth = {}
for row in open(os.path.join(work, "anchors.tsv")):
    f = row.rstrip("\n").split("\t")
    truth.setdefault((f[0], int(f[1]), f[5], int(f[3])), f[7])
kept = right = edited = flagged = 0
for a in result["anchors"]:
    expected = truth.get((a["doc"], a["doc_line"], a["path"], a["start"]))
    if expected is None:
        continue
    if expected == "-":
        edited += 1
        flagged += a["status"] in ("changed", "lost", "moved")
        continue
    kept += 1
    path, lines = expected.rsplit(":", 1)
    start, end = map(int, lines.split("-"))
    right += a["status"] in ("ok", "moved", "renamed") and (a["new_path"], a["new_start"], a["new_end"]) == (path, start, end)
print(f"ground truth:  {right} of {kept} unchanged blocks found at their place at HEAD; "
      f"{flagged} of {edited} edited or removed blocks reported changed, lost or moved")
ref_time, _, code, _, err = run(["bash", os.path.join(work, "reference.sh"), repo, os.path.join(work, "anchors.tsv"), str(limit)], repo)
if code != 0:
    sys.exit("reference failed (exit %d): %s" % (code, err.decode()[-2000:]))
ran = anchors if limit <= 0 or limit >= anchors else limit
scaled = ref_time * anchors / ran
print(f"relops anchors audit:      {best:.3f} s best of 3 ({', '.join(f'{r[0]:.3f}' for r in runs)}), peak RSS {rss:.0f} MiB")
if ran == anchors:
    print(f"git log -L per anchor:     {ref_time:.1f} s for {anchors} anchors")
else:
    print(f"git log -L per anchor:     {ref_time:.1f} s for {ran} of {anchors} anchors, {scaled:.1f} s scaled to all")
print(f"ratio:                     {best / scaled:.4f}x the reference (goal <= 0.05x, < 2 s, < 200 MiB)")
PY

# The ADR corpus (Benchmarks/anchors-corpus.py): 500 commits, 100 ADRs, 2,000 anchors in every
# written form (comma lists, elided paths, bare names, an unmapped repository), `* text=auto
# eol=crlf`, and a restructuring commit renaming 480 files 30 commits before the end; against a
# per-anchor script (`git blame -L` on the ADR line, then `git diff -U0 base HEAD -- path`).
# ANCHORS_SKIP_ADR=1 skips it.
[ "${ANCHORS_SKIP_ADR:-0}" = 1 ] && exit 0
adr=$work/adr
git init -q -b main "$adr"
python3 "$here/Benchmarks/anchors-corpus.py" "$work/adr.tsv" | git -C "$adr" fast-import --quiet
git -C "$adr" reset -q --hard main
printf 'anchors:\n  docs: ["Docs/adr/*.md"]\n' > "$adr/.relops.yml"
cat > "$work/per-anchor.sh" <<'SH'
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
SH
echo
echo "ADR corpus: $(git -C "$adr" rev-list --count HEAD) commits, $(ls "$adr/Docs/adr" | wc -l) ADRs"
python3 - "$relops" "$adr" "$work" <<'PY'
import json, os, subprocess, sys, time
relops, repo, work = sys.argv[1:4]

def run(argv, cwd):
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, capture_output=True)
    return time.perf_counter() - start, proc

runs = [run([relops, "anchors", "audit", "--format", "json"], repo) for _ in range(3)]
if runs[0][1].returncode not in (0, 1):
    sys.exit("relops anchors audit failed: " + runs[0][1].stderr.decode())
counts = json.loads(runs[0][1].stdout)["counts"]
print("relops audit:  %s" % ", ".join(f"{k} {v}" for k, v in counts.items() if v))
best = min(r[0] for r in runs)
peer, _ = run(["bash", os.path.join(work, "per-anchor.sh"), repo, os.path.join(work, "adr.tsv")], repo)
print(f"relops anchors audit:      {best:.3f} s best of 3")
print(f"per-anchor blame + diff:   {peer:.1f} s")
print(f"ratio:                     {best / peer:.4f}x the per-anchor script")
PY
