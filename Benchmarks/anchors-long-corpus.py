#!/usr/bin/env python3
"""Writes a git fast-import stream for the long-history anchors benchmark to stdout, and the
anchor list the per-anchor reference reads to the file named by the first argument.

History: 5,000 Go files in 50 modules (`modules/mK/...`, 60-140 lines each) imported in one
commit, then 5,000 first-parent commits. Most commits edit one or two files (lines inserted,
deleted or changed), half of those among 400 busy files; every 37th commit renames a file into
another module (every other one with a small edit in the same commit, so only similarity finds
it); every 23rd moves a block of 6-14 lines from a busy file into another file (a cross-file move).
10 wiki pages (`wiki/modules/mK/page-N.md`) are written early (commits 200-650), 50 anchors each
(500): `path:N`, `path:N-M` and bare `:N` continuations, so every anchor crosses about 4,400
commits. Deterministic (fixed seed, fixed dates). Each anchor line of the list is
`doc<TAB>doc line<TAB>path at HEAD<TAB>start<TAB>end<TAB>path when written<TAB>lines at HEAD<TAB>
where the unchanged block is at HEAD ("path:start-end", "-" when edited or removed)<TAB>
the commit (0 is the import) that wrote the anchor's line`.
"""
import random
import sys

random.seed(24)
# The shape: `long` (above), or `real` (the second argument): 40 pages with 1,200 anchors, each
# page written at its own commit between 1,000 and 4,000 and revised nine times up to commit
# 4,000, so the anchors' lines are written at 400 commits spread over 3,000 of the 5,000, and
# the anchors cycle through all 400 busy files (400 cited files), as one change's ADRs in a real
# repository; the pages change through merged pull requests (a branch commit, then a merge).
SHAPE = sys.argv[2] if len(sys.argv) > 2 else "long"
FILES, COMMITS, HOT = 5000, 5000, 400
PAGES, PER_PAGE = (40, 30) if SHAPE == "real" else (10, 50)
out = sys.stdout.buffer
anchors_out = open(sys.argv[1], "w")

# A file is an identity (its number) with a current path and its lines.
path_of = {}
lines_of = {}
for f in range(FILES):
    path_of[f] = f"modules/m{f % 50}/pkg{(f // 50) % 10}/file{f}.go"
    lines_of[f] = [f"\tv{f}x{i} := compute({f}, {i})" for i in range(random.randint(60, 140))]
hot = random.sample(range(FILES), HOT)
counter = [0]


def fresh(f):
    counter[0] += 1
    return f"\tn{counter[0]} := next({f}, {counter[0]})"


def data(text):
    raw = text.encode()
    out.write(b"data %d\n" % len(raw) + raw + b"\n")


def block_of(f, start, end):
    """The cited lines (1-based lines of the blob, which has two lines before the numbered ones)."""
    return lines_of[f][start - 3:end - 2]


def blob(f):
    return "package p\n\n" + "\n".join(lines_of[f]) + "\n"


# Page events by commit: (page, first) where first says the page is created there.
events = {}
if SHAPE == "real":
    # Each page is written at its own commit, then revised nine times up to commit 4,000: the
    # anchors' lines are written at 400 commits spread over 3,000.
    for i in range(PAGES):
        start = 1000 + 75 * i
        events.setdefault(start, []).append((i, True))
        for k in range(1, 10):
            events.setdefault(start + (4000 - start) * k // 9 + i % 3, []).append((i, False))
else:
    for i in range(PAGES):
        events.setdefault(200 + 50 * i, []).append((i, True))
pages = {}
bodies = {}
cited = [0]  # the next busy file to cite (the `real` shape cycles through all of them)
pending = []  # anchors written, as (doc, doc line, identity, start, end, path then, block, commit)
time = 1_735_689_600  # 2025-01-01
for c in range(COMMITS + 1):
    time += 1800
    changed, deleted, renames = set(), [], []
    subject = f"Change {c} (#{1000 + c})"
    if c == 0:
        changed = set(range(FILES))
        subject = "Import"
    elif SHAPE == "real" and c in events:
        pass  # the pull request merged here changes pages only: they cite the code as it stands
    elif c % 37 == 0:
        f = random.choice(hot if c % 2 else range(FILES))
        old = path_of[f]
        new = f"modules/m{random.randrange(50)}/moved{c}/file{f}.go"
        path_of[f] = new
        if c % 74 == 0:
            renames.append((old, new))
        else:
            deleted.append(old)
            lines_of[f][random.randrange(len(lines_of[f]))] += " // touched"
            changed.add(f)
        subject = f"Move file{f}.go (#{1000 + c})"
    elif c % 23 == 0:
        src = random.choice(hot)
        dst = random.choice(range(FILES))
        if dst != src and len(lines_of[src]) > 40:
            at = random.randrange(5, len(lines_of[src]) - 20)
            size = random.randint(6, 14)
            block = lines_of[src][at:at + size]
            del lines_of[src][at:at + size]
            pos = random.randrange(len(lines_of[dst]))
            lines_of[dst][pos:pos] = block
            changed.update([src, dst])
            subject = f"Move a block from file{src}.go to file{dst}.go (#{1000 + c})"
    else:
        for _ in range(random.choice([1, 1, 2])):
            f = random.choice(hot) if random.random() < 0.5 else random.randrange(FILES)
            lines = lines_of[f]
            op = random.random()
            pos = random.randrange(len(lines))
            if op < 0.5:
                for _ in range(random.randint(1, 8)):
                    lines.insert(pos, fresh(f))
            elif op < 0.75 and len(lines) > 50:
                del lines[pos:pos + random.randint(1, 5)]
            else:
                lines[pos] = lines[pos].replace("compute", "computeFast")
            changed.add(f)
    doc_changes = []
    for i, first in events.get(c, []):
        module = i * 5 % 50
        doc = f"wiki/modules/m{module}/page-{i}.md"
        if first:
            body = [f"# Module m{module}, page {i}", "", "## How it works", ""]
            quota = PER_PAGE if SHAPE != "real" else PER_PAGE - 9 * (PER_PAGE // 10)
        else:
            body = bodies[doc]
            body.pop()  # the trailing empty line
            body += ["", f"## Revision {c}", ""]
            quota = PER_PAGE // 10
        written = 0
        while written < quota:
            if SHAPE == "real":
                f = hot[cited[0] % HOT]
                cited[0] += 1
            else:
                f = random.choice(hot)
            n = len(lines_of[f])
            start = random.randint(3, n - 6)
            kind = random.random()
            path = path_of[f]
            if kind < 0.55:
                body.append(f"- The value is computed at `{path}:{start}`.")
                pending.append((doc, len(body), f, start, start, path, block_of(f, start, start), c))
                written += 1
            elif kind < 0.85 or written + 2 > quota:
                end = start + random.randint(1, 4)
                body.append(f"- The block `{path}:{start}-{end}` computes it.")
                pending.append((doc, len(body), f, start, end, path, block_of(f, start, end), c))
                written += 1
            else:
                other = start + random.randint(1, 4)
                body.append(f"- The call at `{path}:{start}` and its helper at :{other}.")
                pending.append((doc, len(body), f, start, start, path, block_of(f, start, start), c))
                pending.append((doc, len(body), f, other, other, path, block_of(f, other, other), c))
                written += 2
        body.append("")
        bodies[doc] = body
        pages[doc] = "\n".join(body)
        doc_changes.append(doc)
        subject = f"Wiki page {i} (#{1000 + c})"
    side = None
    if SHAPE == "real" and doc_changes:
        # The pages change through pull requests: a commit on a branch, merged into main.
        side = 100_000 + c
        out.write(b"commit refs/heads/pr\nmark :%d\n" % side)
        out.write(b"committer Bench <bench@example.com> %d +0000\n" % (time - 600))
        data(f"Docs for page change {c}")
        out.write(b"from :%d\n" % c)
        for doc in doc_changes:
            out.write(b"M 100644 inline %s\n" % doc.encode())
            data(pages[doc])
        subject = f"Merge pull request #{1000 + c} from bench/docs-{c}"
    out.write(b"commit refs/heads/main\nmark :%d\n" % (c + 1))
    out.write(b"committer Bench <bench@example.com> %d +0000\n" % time)
    data(subject)
    if c > 0:
        out.write(b"from :%d\n" % c)
    if side:
        out.write(b"merge :%d\n" % side)
    for path in deleted:
        out.write(b"D %s\n" % path.encode())
    for old, new in renames:
        out.write(b"R %s %s\n" % (old.encode(), new.encode()))
    for f in sorted(changed):
        out.write(b"M 100644 inline %s\n" % path_of[f].encode())
        data(blob(f))
    for doc in doc_changes:
        out.write(b"M 100644 inline %s\n" % doc.encode())
        data(pages[doc])
out.write(b"reset refs/heads/main\nfrom :%d\n" % (COMMITS + 1))
# Where each cited block is at HEAD, unchanged (the generator knows every line; lines are
# unique): "path:start-end", or "-" when a commit edited or removed a line of it.
where = {}
for f, lines in lines_of.items():
    for i, text in enumerate(lines):
        where.setdefault(text, (f, i))
for doc, line, f, start, end, then, block, written_at in pending:
    expected = "-"
    if block[0] in where:
        g, i = where[block[0]]
        if lines_of[g][i:i + len(block)] == block:
            expected = f"{path_of[g]}:{i + 3}-{i + 2 + len(block)}"
    anchors_out.write(
        f"{doc}\t{line}\t{path_of[f]}\t{start}\t{end}\t{then}\t{len(lines_of[f]) + 2}\t{expected}\t{written_at}\n")
anchors_out.close()
