#!/usr/bin/env python3
"""Writes a git fast-import stream for the anchors benchmark to stdout, and the anchor list the
per-anchor peer script reads to the file named by the first argument.

History: 500 linear commits over 80 C# files of ~400 lines each;
each commit inserts, deletes or edits lines in one or two files, and every 60th renames one.
100 ADRs are written along the way, 20 anchors each (2,000), right when written: `path:N`,
`path:N-M` ranges and bare `(:N)` continuations, and the forms real ADRs use: comma lists
(`path:N,M`), elided paths (`.../FeatureN/ServiceN.cs:N`), bare file names (`ServiceN.cs:N`) and
citations into a repository nobody mapped (`Store/...`). The repository has `* text=auto eol=crlf`
(working-tree documents are CRLF, blobs LF), 400 more small files, and 30 commits before the end
a restructuring commit moves every file under `Source/` to `src/` (480 renames), so most anchors
must follow a rename. Deterministic (fixed seed, fixed dates).
"""
import random
import sys

random.seed(43)
COMMITS, FILES, ADRS, PER_ADR = 500, 80, 100, 20
out = sys.stdout.buffer
anchors_out = open(sys.argv[1], "w")

files = {}
for f in range(FILES):
    path = f"Source/Module{f % 8}/Feature{f}/Service{f}.cs"
    files[path] = [f"    var v{f}_{i} = Compute({f}, {i});" for i in range(400)]
for k in range(400):
    files[f"Source/Legacy/Part{k // 40}/Legacy{k}.cs"] = [f"    var legacy{k}_{i} = Old({k}, {i});" for i in range(40)]
RESTRUCTURE = COMMITS - 30
counter = [10_000]


def fresh_line(f):
    counter[0] += 1
    return f"    var n{counter[0]} = Next({f}, {counter[0]});"


def data(text):
    raw = text.encode()
    out.write(b"data %d\n" % len(raw) + raw + b"\n")


mark = 0
time = 1_767_225_600  # 2026-01-01
docs = {}
adr_at = {10 + (i * (COMMITS - 20)) // ADRS: i for i in range(ADRS)}
side_mark = None
for c in range(COMMITS):
    mark += 1
    time += 3600
    changed, deleted = {}, []
    pr = 100 + c
    subject = f"Change {c} (#{pr})"
    renames = []
    if c == RESTRUCTURE:
        for old in sorted(files):
            new = "src/" + old[len("Source/"):]
            files[new] = files.pop(old)
            renames.append((old, new))
        subject = f"Restructure: Source/ is src/ (#{pr})"
    elif c % 60 == 59:
        old = random.choice(sorted(files))
        new = old.replace("Service", "Renamed")
        if new != old and new not in files:
            files[new] = files.pop(old)
            deleted.append(old)
            changed[new] = files[new]
            subject = f"Rename {old.split('/')[-1]} (#{pr})"
    for _ in range(0 if renames else random.choice([1, 1, 2])):
        path = random.choice(sorted(files))
        lines = files[path]
        op = random.random()
        pos = random.randrange(len(lines))
        if op < 0.5:
            for _ in range(random.randint(1, 12)):
                lines.insert(pos, fresh_line(c))
        elif op < 0.75 and len(lines) > 100:
            del lines[pos:pos + random.randint(1, 6)]
        else:
            lines[pos] = lines[pos].replace("Compute", "ComputeFast")
        changed[path] = lines
    if c == 0:
        changed = dict(files)
        changed[".gitattributes"] = None
        subject = "Initial import (#1)"
    if c in adr_at:
        i = adr_at[c]
        doc = f"Docs/adr/{i:04d}-decision-{i}.md"
        body = [f"# ADR-{i:04d}: Decision {i}", "", "## Status", "", f"Accepted. Decision {i}.", "", "## Decision", ""]
        written = 0
        while written < PER_ADR:
            path = random.choice([p for p in sorted(files) if "/Legacy/" not in p])
            n = len(files[path])
            start = random.randint(1, n - 5)
            kind = random.random()
            name = path.split("/")[-1]
            if kind < 0.4:
                written += 1
                body.append(f"- The code sits at `{path}:{start}`.")
                anchors_out.write(f"{doc}\t{len(body)}\t{path}\t{start}\t{start}\n")
            elif kind < 0.47:
                written += 2
                body.append(f"- Both lines, `{path}:{start},{start + 2}`.")
            elif kind < 0.54:
                written += 1
                body.append(f"- Elided: `.../{path.split('/')[-2]}/{name}:{start}`.")
            elif kind < 0.6:
                written += 1
                body.append(f"- By name: {name}:{start}, and in the store Store/Src/{name}:{start}.")
            elif kind < 0.85:
                end = start + random.randint(1, 4)
                written += 1
                body.append(f"- The block is `{path}:{start}-{end}`.")
                anchors_out.write(f"{doc}\t{len(body)}\t{path}\t{start}\t{end}\n")
            else:
                other = min(n, start + random.randint(1, 4))
                written += 2
                body.append(f"- The call at `{path}:{start}` (and its helper at :{other}).")
                anchors_out.write(f"{doc}\t{len(body)}\t{path}\t{start}\t{start}\n")
                anchors_out.write(f"{doc}\t{len(body)}\t{path}\t{other}\t{other}\n")
        body.append("")
        docs[doc] = "\n".join(body)
        changed[doc] = None
        subject = f"ADR-{i:04d} (#{pr})"
    out.write(b"commit refs/heads/main\nmark :%d\n" % mark)
    out.write(b"committer Bench <bench@example.com> %d +0000\n" % time)
    data(subject)
    if mark > 1:
        out.write(b"from :%d\n" % (mark - 1))
    for path in deleted:
        out.write(b"D %s\n" % path.encode())
    for old, new in renames:
        out.write(b"R %s %s\n" % (old.encode(), new.encode()))
    for path in changed:
        out.write(b"M 100644 inline %s\n" % path.encode())
        if path == ".gitattributes":
            data("* text=auto eol=crlf\n")
        else:
            data(docs[path] if path.startswith("Docs/") else "\n".join(files[path]) + "\n")
out.write(b"reset refs/heads/main\nfrom :%d\n" % mark)
anchors_out.close()
