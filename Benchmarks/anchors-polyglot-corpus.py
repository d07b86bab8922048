#!/usr/bin/env python3
"""Writes a git fast-import stream for the polyglot anchors benchmark to stdout, and the anchor
list the per-anchor reference reads to the file named by the first argument.

The shape of the second repository of issue 41: Go services and TypeScript apps (5,880
files in 360 folders, a wide tree), 1,500 first-parent commits over about eight months, most of
them pull-request merges of one to three branch commits (about 3,600 commits in all). ADRs
(`docs/adr/`), Arc42 sections (`docs/arc42/`) and per-service ADRs (`services/S/docs/adr/`) sit
beside the code: each is written in a pull request of its own at some point of the first seven
months, revised two to four times later, and then one commit (the "docs sweep", near the end)
changes 60 of them at once without touching their anchors, so an audit of that commit's
documents meets bases spread over months. A second sweep, mid-history, changes 20.
Anchors: `path:N`, `path:N-M` and bare `:N` continuations. Code commits insert, delete and
change lines, and every 41st first-parent commit renames a file.
Deterministic (fixed seed, fixed dates). Each anchor line of the list is
`doc<TAB>doc line at HEAD<TAB>path at HEAD<TAB>start<TAB>end<TAB>path when written<TAB>
lines at HEAD<TAB>where the unchanged block is at HEAD ("path:start-end", "-" when edited or
removed)<TAB>the fast-import mark of the commit that wrote the anchor's line`.
"""
import random
import sys

random.seed(41)
ENTRIES = 1500  # first-parent commits after the import
out = sys.stdout.buffer
anchors_out = open(sys.argv[1], "w")

SERVICES = [f"svc{k:02d}" for k in range(24)]
APPS = [f"app{k}" for k in range(6)]
path_of, lines_of, kind_of = {}, {}, {}
f = 0
for s in SERVICES:
    for p in range(10):
        for n in range(12):
            path_of[f] = f"services/{s}/internal/pkg{p}/handler{n}.go"
            kind_of[f] = ("go", s)
            f += 1
for a in APPS:
    for area in range(20):
        for n in range(25):
            ext = "tsx" if n % 2 else "ts"
            path_of[f] = f"web/apps/{a}/src/area{area}/component{n}.{ext}"
            kind_of[f] = ("ts", a)
            f += 1
FILES = f
for f in range(FILES):
    if kind_of[f][0] == "go":
        lines_of[f] = [f"\tv{f}x{i} := compute({f}, {i})" for i in range(random.randint(50, 160))]
    else:
        lines_of[f] = [f"  const v{f}x{i} = compute({f}, {i});" for i in range(random.randint(40, 140))]
hot = random.sample(range(FILES), 600)
by_service = {s: [f for f in range(FILES) if kind_of[f][1] == s] for s in SERVICES + APPS}
counter = [0]


def header(f):
    return ["package p", ""] if kind_of[f][0] == "go" else ["import { compute } from './compute';", ""]


def blob(f):
    return "\n".join(header(f) + lines_of[f]) + "\n"


def fresh(f):
    counter[0] += 1
    if kind_of[f][0] == "go":
        return f"\tn{counter[0]} := next({f}, {counter[0]})"
    return f"  const n{counter[0]} = next({f}, {counter[0]});"


def data(text):
    raw = text.encode()
    out.write(b"data %d\n" % len(raw) + raw + b"\n")


# The documents: where each lives and the files it cites.
docs = []
for k in range(40):
    docs.append((f"docs/adr/{k + 1:04d}-decision-{k + 1}.md", random.choice(SERVICES + APPS)))
for k in range(12):
    docs.append((f"docs/arc42/{k + 1:02d}-section.md", None))
for s in SERVICES:
    docs.append((f"services/{s}/docs/adr/0001-{s}-design.md", s))
events = {}  # entry -> [(doc index, what)]
written = {}
for d in range(len(docs)):
    start = written[d] = random.randint(40, 1050)
    events.setdefault(start, []).append((d, "write"))
    for _ in range(random.randint(2, 4)):
        events.setdefault(random.randint(start + 10, 1400), []).append((d, "revise"))
for d in random.sample([d for d in range(len(docs)) if written[d] < 700], 20):
    events.setdefault(700, []).append((d, "sweep"))
for d in random.sample(range(len(docs)), 60):
    events.setdefault(1460, []).append((d, "sweep"))
bodies = {}
anchors = {}  # anchor line text -> [(identity, start, end, path then, block, mark)]
mark = [0]
time = 1_740_787_200  # 2025-03-01


def cite_line(d, marked):
    """One anchor line of document d, citing the code as it is now."""
    doc, owner = docs[d]
    pool = by_service[owner] if owner and random.random() < 0.8 else hot
    f = random.choice(pool)
    n = len(lines_of[f])
    start = random.randint(3, n - 6)
    path = path_of[f]
    counter[0] += 1
    kind = random.random()
    if kind < 0.5:
        text = f"- The value is computed at `{path}:{start}` (note {counter[0]})."
        spans = [(start, start)]
    elif kind < 0.8:
        end = start + random.randint(1, 4)
        text = f"- The block `{path}:{start}-{end}` computes it (note {counter[0]})."
        spans = [(start, end)]
    else:
        other = start + random.randint(1, 4)
        text = f"- The call at `{path}:{start}` and its helper at :{other} (note {counter[0]})."
        spans = [(start, start), (other, other)]
    anchors[text] = [(f, s, e, path, lines_of[f][s - 3:e - 2], marked) for s, e in spans]
    return text


def change_doc(d, what, marked):
    doc, _ = docs[d]
    if what == "write":
        body = [f"# {doc.rsplit('/', 1)[1][:-3]}", "", "Status: proposed", "", "## Context", ""]
        body += [cite_line(d, marked) for _ in range(random.randint(14, 24))]
        body += ["", "## Decision", "", "We keep it.", ""]
    elif what == "revise":
        body = bodies[doc]
        body[-1:-1] = ["", f"## Revision {marked}", ""] + [cite_line(d, marked) for _ in range(random.randint(2, 6))]
        # Sometimes an anchor line is rewritten (a new base) or dropped.
        cited = [i for i, t in enumerate(body) if t in anchors]
        if cited and random.random() < 0.5:
            i = random.choice(cited)
            body[i] = cite_line(d, marked)
    else:
        body = bodies[doc]
        body[2] = f"Status: accepted (sweep {marked})"
    bodies[doc] = body
    return doc


def edit_code(count):
    changed = set()
    for _ in range(count):
        f = random.choice(hot) if random.random() < 0.6 else random.randrange(FILES)
        lines = lines_of[f]
        op = random.random()
        pos = random.randrange(len(lines))
        if op < 0.5:
            for _ in range(random.randint(1, 8)):
                lines.insert(pos, fresh(f))
        elif op < 0.75 and len(lines) > 40:
            del lines[pos:pos + random.randint(1, 5)]
        else:
            lines[pos] = lines[pos].replace("compute", "computeFast")
        changed.add(f)
    return changed


def commit(ref, subject, parent, merge=None, files=(), pages=(), deleted=(), at=None):
    mark[0] += 1
    out.write(b"commit %s\nmark :%d\n" % (ref, mark[0]))
    out.write(b"committer Bench <bench@example.com> %d +0000\n" % (at or time))
    data(subject)
    if parent:
        out.write(b"from :%d\n" % parent)
    if merge:
        out.write(b"merge :%d\n" % merge)
    for path in deleted:
        out.write(b"D %s\n" % path.encode())
    for f in sorted(files):
        out.write(b"M 100644 inline %s\n" % path_of[f].encode())
        data(blob(f))
    for doc in pages:
        out.write(b"M 100644 inline %s\n" % doc.encode())
        data("\n".join(bodies[doc]) + "\n")
    return mark[0]


head = commit(b"refs/heads/main", "Import", None, files=range(FILES))
for c in range(1, ENTRIES + 1):
    time += random.randint(3600, 7 * 3600)
    deleted = []
    if c % 41 == 0 and c not in events:
        f = random.choice(hot)
        deleted.append(path_of[f])
        path_of[f] = path_of[f].replace("/handler", f"/moved{c}_handler").replace("/component", f"/moved{c}_component")
        head = commit(b"refs/heads/main", f"Move {deleted[0]} (#{2000 + c})", head, files=[f], deleted=deleted)
        continue
    doc_events = events.get(c, [])
    if not doc_events and random.random() < 0.3:
        head = commit(b"refs/heads/main", f"Change {c}", head, files=edit_code(random.randint(1, 3)))
        continue
    # A pull request: one to three branch commits, the first of them writing its documents.
    # fast-import takes a merge's tree from its first parent: the merge lists what the branch changed.
    tip, merged_files, merged_pages = head, set(), []
    for b in range(random.choice([1, 2, 2, 3, 3]) if not doc_events else 1):
        marked = mark[0] + 1
        pages = [change_doc(d, what, marked) for d, what in doc_events] if b == 0 else []
        files = edit_code(random.randint(1, 4)) if not doc_events or random.random() < 0.5 else set()
        tip = commit(b"refs/heads/pr", f"Work {c}.{b}", tip, files=files, pages=pages, at=time - 600 + b)
        merged_files |= files
        merged_pages += pages
    head = commit(
        b"refs/heads/main", f"Merge pull request #{2000 + c} from team/pr-{c}", head, merge=tip,
        files=merged_files, pages=merged_pages)
out.write(b"reset refs/heads/main\nfrom :%d\n" % head)
# Where each cited block is at HEAD, unchanged (lines are unique): "path:start-end", or "-".
where = {}
for f, lines in lines_of.items():
    for i, text in enumerate(lines):
        where.setdefault(text, (f, i))
for doc, _ in docs:
    for number, text in enumerate(bodies[doc], 1):
        for f, start, end, then, block, marked in anchors.get(text, []):
            expected = "-"
            if block and block[0] in where:
                g, i = where[block[0]]
                if lines_of[g][i:i + len(block)] == block:
                    expected = f"{path_of[g]}:{i + 3}-{i + 2 + len(block)}"
            anchors_out.write(
                f"{doc}\t{number}\t{path_of[f]}\t{start}\t{end}\t{then}\t{len(lines_of[f]) + 2}\t{expected}\t{marked}\n")
anchors_out.close()
