#!/usr/bin/env bash
# relops anchors audit on long histories against a per-anchor `git log -L` reference, in the same run.
#
# Builds (with git fast-import, Benchmarks/anchors-long-corpus.py, deterministic) a repository of
# 5,000 files and 5,001 first-parent commits with renames (exact and with an edit) and blocks
# moved across files, in two shapes:
#   long   10 wiki pages written early in the history holding 500 anchors (every anchor crosses
#          about 4,400 commits);
#   real   one change's ADRs in a real repository: 40 pages, 1,200 anchors, each page written at
#          its own commit and revised about 400 commits later, so the bases spread over 3,000 of
#          the 5,000 commits, citing 400 files.
# For each shape:
#   relops     `relops anchors audit --format json` over the pages (best of 3 runs, peak RSS from
#              wait4; /usr/bin/time -v's maximum resident set size when it is installed);
#   reference  for each anchor, `git log -L START,END:PATH --format=%H -s BASE..HEAD`: git's own
#              line-range history (it follows renames itself; git refuses `--follow` with `-L`).
#              BASE is the commit that wrote the anchor's line; PATH is the file's path at HEAD
#              and the range is clamped to its length there.
# Prints both times, the ratio and relops' peak memory. Goal: relops <= 0.05x the reference,
# under 2 s, peak RSS under 200 MiB.
# ANCHORS_REFERENCE_LIMIT=N runs the reference on N anchors only, spread evenly over the list,
# and scales its time to all of them (printed as such). ANCHORS_SHAPES="real" runs one shape.
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

# One shape: its corpus, relops against the reference, in the same run.
long_history() {
    local shape=$1 dir=$work/$1
    mkdir -p "$dir"
    local repo=$dir/repo
    git init -q -b main "$repo"
    local t0 t1
    t0=$(date +%s.%N)
    python3 "$here/Benchmarks/anchors-long-corpus.py" "$dir/anchors.tsv" "$shape" | git -C "$repo" fast-import --quiet
    git -C "$repo" reset -q --hard main
    t1=$(date +%s.%N)
    local anchors commits files renames pages
    anchors=$(wc -l < "$dir/anchors.tsv")
    commits=$(git -C "$repo" rev-list --count HEAD)
    files=$(git -C "$repo" ls-files | wc -l)
    renames=$(git -C "$repo" log --format= --diff-filter=R -M --name-only | grep -c . || true)
    (cd "$repo" && git ls-files 'wiki/*.md') > "$dir/docs.txt"
    pages=$(wc -l < "$dir/docs.txt")
    echo
    echo "shape $shape: $commits commits, $files files, $renames renames, $anchors anchors in $pages pages," \
        "$(cut -f3 "$dir/anchors.tsv" | sort -u | wc -l) cited files, bases at $(cut -f9 "$dir/anchors.tsv" | sort -u | wc -l)" \
        "commits from $(cut -f9 "$dir/anchors.tsv" | sort -n | head -1) to $(cut -f9 "$dir/anchors.tsv" | sort -n | tail -1)" \
        "(generated in $(python3 -c "print(f'{$t1 - $t0:.1f}')") s)"
    # Commit number N (0 is the import) is line N + 1 of the first-parent list, oldest first.
    git -C "$repo" rev-list --first-parent --reverse HEAD > "$dir/commits.txt"
    python3 - "$relops" "$repo" "$dir" "$anchors" "${ANCHORS_REFERENCE_LIMIT:-0}" <<'PY'
import json, os, shutil, subprocess, sys, time
relops, repo, work, anchors, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
docs = open(os.path.join(work, "docs.txt")).read().split()
shutil.copy(os.path.join(work, "commits.txt"), os.path.join(work, "anchors.tsv.commits"))

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
if os.path.exists("/usr/bin/time"):
    timed = subprocess.run(["/usr/bin/time", "-v", relops, "anchors", "audit", "--format", "json"] + docs,
                           cwd=repo, capture_output=True)
    for row in timed.stderr.decode().splitlines():
        if "Maximum resident set size" in row:
            rss = max(rss, int(row.split(":")[1]) / 1024)
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
step = max(1, anchors // limit) if 0 < limit < anchors else 1
ref_time, _, code, _, err = run(
    ["bash", os.path.join(os.path.dirname(work), "reference.sh"), repo, os.path.join(work, "anchors.tsv"), str(step)],
    repo)
if code != 0:
    sys.exit("reference failed (exit %d): %s" % (code, err.decode()[-2000:]))
ran = len(range(0, anchors, step))
scaled = ref_time * anchors / ran
print(f"relops anchors audit:      {best:.3f} s best of 3 ({', '.join(f'{r[0]:.3f}' for r in runs)}), peak RSS {rss:.0f} MiB")
if ran == anchors:
    print(f"git log -L per anchor:     {ref_time:.1f} s for {anchors} anchors")
else:
    print(f"git log -L per anchor:     {ref_time:.1f} s for {ran} of {anchors} anchors (every {step}th), "
          f"{scaled:.1f} s scaled to all")
print(f"ratio:                     {best / scaled:.4f}x the reference (goal <= 0.05x, < 2 s, < 200 MiB)")
PY
}

cat > "$work/reference.sh" <<'SH'
#!/usr/bin/env bash
# One `git log -L` per anchor of the list (every STEP-th), from the commit that wrote its line to HEAD.
cd "$1"
step=${3:-1}
mapfile -t commits < "$2.commits"
n=0
while IFS=$'\t' read -r doc line path start end then length expected written; do
    n=$((n + 1))
    [ $(((n - 1) % step)) -eq 0 ] || continue
    [ "$start" -gt "$length" ] && start=$length
    [ "$end" -gt "$length" ] && end=$length
    git log -L "$start,$end:$path" --format=%H -s "${commits[$written]}..HEAD" > /dev/null
done < "$2"
SH

for shape in ${ANCHORS_SHAPES:-long real}; do
    long_history "$shape"
done

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
