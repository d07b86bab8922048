#!/usr/bin/env python3
"""Agreement of `relops anchors audit` with the re-pins people made by hand in a real repository.

Usage: anchors-agreement.py REPO [--docs GLOB]... [--code PATH] [--repo PREFIX=PATH]... [--relops BIN]
                             [--examples N]

REPO is a clone whose history holds documents that cite code as `path:N` / `:N-M`: its own code
(then each audit runs with `--to C`), or with --code the code repository unprefixed anchors name
and with --repo the repositories prefixed ones name (relops' options of the same names; each is
checked out, in a scratch worktree, at its last first-parent commit before C's commit time).

For every commit C that changed a document line so that its anchors' line numbers changed (the
same anchors, same paths as written in the same order, other numbers; the words around them may
change too), the replay checks out C's parent in a scratch worktree (the document before the
re-pin, with its history), audits that document against the code as the person saw it when
re-pinning, and compares what relops proposes for each re-pinned anchor with the person's numbers:
  agree     relops' new lines (moved, renamed, or changed with a best match) or, for `ok`, the
            anchor's own lines are exactly the person's;
  disagree  other lines, or `ok` where the person moved it, or no position (`invalid`, `lost`,
            `unresolved`), each counted by its reason and split by whether blame names the commit
            that added the document for the anchor's line (a document copied in from elsewhere
            has its history, and the code it was written against, before that commit).
Anchors relops reports as citing a repository nobody mapped are not counted (the code is not
here); anchors whose file is in none of the repositories given are counted, and printed apart.
Anchors the same commits left alone are counted too: how many, and how often relops would move them.

Pairing reads anchors with one pattern (a path with an extension, or a bare colon, then N or N-M),
pairs each removed document line with the added line most like it (numbers masked, similarity
over 0.6), and pairs the anchors of the two lines that cite the same path as written, in order;
anchors whose path occurs a different number of times on the two lines are not counted (printed).
A range written as two anchors (`X.cs:164`-`X.cs:165`) is one anchor to relops: its halves are
compared with the range's ends. Needs git and a built relops (--relops, else
.build-release/release/relops, else .build/debug/relops).

Issue 41's goals are printed after the agreement, each with its definition: bare names decided
(measured on the documents at HEAD), anchors invalid when written flagged `invalid`, and kept
anchors reported `ok` (both over the replayed re-pin commits).

On ivanball's public MMCA ADRs (clones of ivanball/ivanball.github.io, ivanball/MMCA.Common and
ivanball/MMCA.Helpdesk side by side; MMCA.ADC and MMCA.Store are private, so unmapped):
  anchors-agreement.py ivanball.github.io --docs 'docs-src/adr/*.md' \\
      --repo MMCA.Common=MMCA.Common --repo MMCA.Helpdesk=MMCA.Helpdesk
"""
import argparse, difflib, fnmatch, json, os, re, subprocess, sys, tempfile
from collections import Counter

ANCHOR = re.compile(r'(?<![\w:/.])((?:[\w.+-]+/)*[\w.+-]*\w\.[A-Za-z]\w*)?:(\d+)(?:[-\u2013](\d+))?(?![\w.]\d)')


def git(repo, *args, check=True):
    out = subprocess.run(['git', '-C', repo, *args], capture_output=True, text=True, errors='replace')
    if check and out.returncode != 0:
        raise SystemExit(f"git {' '.join(args)}: {out.stderr.strip()}")
    return out.stdout


def anchors(line):
    """(path or None, start, end, masked line) for each anchor of a line."""
    found = [(m.group(1), int(m.group(2)), int(m.group(3) or m.group(2))) for m in ANCHOR.finditer(line)]
    return found, ANCHOR.sub(lambda m: (m.group(1) or '') + ':#', line)


def repins(repo, commit, doc):
    """The anchors whose numbers changed in `doc` at `commit`: (old doc line, index on line,
    path, old start, old end, new start, new end); how many anchors sit on lines rewritten with
    other anchors; and the old document lines the commit removed or rewrote."""
    diff = git(repo, 'diff', '-U0', '--no-renames', '--no-color', commit + '^', commit, '--', doc)
    changed, reworded = [], 0
    old_line = 0
    removed, added = [], []
    touched = set()

    def flush():
        nonlocal reworded
        # Pair each removed line with the added line most like it (numbers masked), then pair the
        # anchors of the two lines that cite the same path as written, in order.
        free = list(range(len(added)))
        for number, old in removed:
            a, masked_a = anchors(old)
            if not a:
                continue
            best, best_ratio = None, 0.6
            for j in free:
                ratio = difflib.SequenceMatcher(None, masked_a, anchors(added[j])[1], autojunk=False).ratio()
                if ratio > best_ratio:
                    best, best_ratio = j, ratio
            if best is None:
                reworded += len(a)
                continue
            free.remove(best)
            b = anchors(added[best])[0]
            for path in dict.fromkeys(x[0] for x in a):
                olds = [(k, x) for k, x in enumerate(a) if x[0] == path]
                news = [y for y in b if y[0] == path]
                if len(olds) != len(news):
                    reworded += len(olds)
                    continue
                for (k, x), y in zip(olds, news):
                    if x != y:
                        changed.append((number, k, x[0], x[1], x[2], y[1], y[2]))
        removed.clear()
        added.clear()

    for text in diff.splitlines():
        if text.startswith('@@'):
            flush()
            m = re.match(r'@@ -(\d+)(?:,(\d+))? \+\d+', text)
            old_line = int(m.group(1))
            if m.group(2) == '0':
                old_line += 1
        elif text.startswith('-') and not text.startswith('---'):
            removed.append((old_line, text[1:]))
            touched.add(old_line)
            old_line += 1
        elif text.startswith('+') and not text.startswith('+++'):
            added.append(text[1:])
    flush()
    return changed, reworded, touched


def as_old_as_document(repo, commit, doc, line, cache):
    """True when blame names the commit that added `doc` for its `line` at `commit`: the line came
    with the document, so its history (and the code it was written against) may lie before it (a
    document copied in from another repository)."""
    key = (commit, doc)
    if key not in cache:
        added = git(repo, 'log', '--diff-filter=A', '--format=%H', commit, '--', doc).split()
        cache[key] = added[-1] if added else None
    blamed = git(repo, 'blame', '--porcelain', '-L', f'{line},{line}', commit, '--', doc, check=False).split(' ', 1)[0]
    return cache[key] is not None and blamed == cache[key]


def unchanged(repo, base, target, path):
    """True when `path` is the same blob at `base` and `target`."""
    return git(repo, 'rev-parse', f'{base}:{path}', check=False) == git(repo, 'rev-parse', f'{target}:{path}', check=False)


# Nothing to cite, as relops reads it: blank, only braces, punctuation or comment markers, or a doc
# comment holding only a tag (`/// <summary>`).
TRIVIAL = re.compile(r'^[\s{}()\[\];,/*#<>!-]*$|^\s*///\s*(<[^<>]*>)?\s*$')


class History:
    """git facts the goal measures need, each read once: a document's blame at a commit, a file's
    lines at a commit, a commit's time, a repository's first-parent commit current at a time."""

    def __init__(self, sources=()):
        self.blames, self.files, self.times, self.current = {}, {}, {}, {}
        self.added, self.copies = {}, {}
        # The repositories a document may have been copied from (the code repositories given).
        self.sources = list(sources)

    def blame(self, repo, rev, doc):
        key = (repo, rev, doc)
        if key not in self.blames:
            owners = {}
            for text in git(repo, 'blame', '--porcelain', rev, '--', doc, check=False).splitlines():
                m = re.match(r'^([0-9a-f]{40}) \d+ (\d+)', text)
                if m:
                    owners[int(m.group(2))] = m.group(1)
            self.blames[key] = owners
        return self.blames[key]

    def lines(self, repo, rev, path):
        key = (repo, rev, path)
        if key not in self.files:
            out = subprocess.run(['git', '-C', repo, 'show', f'{rev}:{path}'], capture_output=True)
            self.files[key] = out.stdout.decode('utf-8', 'replace').splitlines() if out.returncode == 0 else None
        return self.files[key]

    def time(self, repo, rev):
        if (repo, rev) not in self.times:
            self.times[(repo, rev)] = git(repo, 'log', '-1', '--format=%ct', rev).strip()
        return self.times[(repo, rev)]

    def current_at(self, repo, when):
        if (repo, when) not in self.current:
            self.current[(repo, when)] = git(repo, 'rev-list', '-1', '--first-parent', '--before=@' + when,
                                             'HEAD').strip() or None
        return self.current[(repo, when)]

    def copy_origin(self, docs, rev, doc, line, blamed):
        """When `blamed` added the whole document and a repository given held one document of the
        same name at its commit current then (the copy it was made from): that repository and the
        commit git blame names there for the copy's line the document line matches (difflib).
        None otherwise."""
        key = (rev, doc)
        if key not in self.added:
            out = git(docs, 'log', '--diff-filter=A', '--format=%H', rev, '--', doc).split()
            self.added[key] = out[-1] if out else None
        if blamed != self.added[key]:
            return None
        when = self.time(docs, blamed)
        ckey = (rev, doc, blamed)
        if ckey not in self.copies:
            self.copies[ckey] = None
            name = doc.rsplit('/', 1)[-1]
            for source in self.sources:
                at = self.current_at(source, when)
                paths = [p for p in git(source, 'ls-tree', '-r', '--name-only', at).splitlines()
                         if p.rsplit('/', 1)[-1] == name] if at else []
                if len(paths) != 1:
                    continue
                # The document's lines matched to the copy's (difflib), then git blame of the copy.
                mine = self.lines(docs, rev, doc) or []
                theirs = self.lines(source, at, paths[0]) or []
                blamed_copy = self.blame(source, at, paths[0])
                owners = {}
                matcher = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
                for i, j, n in matcher.get_matching_blocks():
                    for k in range(n):
                        if blamed_copy.get(j + k + 1):
                            owners[i + k + 1] = blamed_copy[j + k + 1]
                if owners:
                    self.copies[ckey] = (source, owners)
                    break
        copy = self.copies[ckey]
        return (copy[0], copy[1][line]) if copy and line in copy[1] else None

    def written_base(self, docs, rev, doc, line, holder):
        """The code as the author saw it when writing document line `line`: git blame of the
        document at `rev`, followed into the copy it was made from when blame names the commit
        that added the whole document (`copy_origin`); the commit itself when `holder` is the
        repository it names, else `holder`'s first-parent commit current at its time."""
        blamed = self.blame(docs, rev, doc).get(line)
        if not blamed:
            return None
        where = docs
        origin = self.copy_origin(docs, rev, doc, line, blamed)
        if origin:
            where, blamed = origin
        return blamed if holder == where else self.current_at(holder, self.time(where, blamed))


def nothing_to_cite(lines, start, end):
    """True when lines start..end are past the end of `lines` or hold nothing to cite."""
    return end > len(lines) or all(TRIVIAL.match(t) for t in lines[start - 1:end])


def audit(relops, worktree, doc, target, code, repos):
    args = [relops, 'anchors', 'audit', doc, '--format', 'json']
    args += ['--code', code] if code else ['--to', target]
    for prefix, path in repos:
        args += ['--repo', f'{prefix}={path}']
    out = subprocess.run(args, cwd=worktree, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        return None, out.stderr.strip().splitlines()[-1:] or ['exit %d' % out.returncode]
    return json.loads(out.stdout), None


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('repo')
    p.add_argument('--docs', action='append', default=[])
    p.add_argument('--code')
    p.add_argument('--repo', action='append', default=[], dest='repos')
    p.add_argument('--relops')
    p.add_argument('--examples', type=int, default=12)
    a = p.parse_args()
    repo = os.path.abspath(a.repo)
    docs = a.docs or ['*.md']
    relops = os.path.abspath(a.relops) if a.relops else next(
        (c for c in [here + '/.build-release/release/relops', here + '/.build/debug/relops'] if os.access(c, os.X_OK)),
        None)
    if not relops:
        raise SystemExit('anchors-agreement.py: no relops binary (--relops BIN)')
    commits = git(repo, 'log', '--format=%H', '--no-merges').split()
    total = Counter()
    reasons = Counter()
    unmapped = Counter()
    notes = Counter()
    added = {}
    disagreements = []
    kept_moved = []
    iww_missed, still_not_ok, bare_left = [], [], []
    bare_rules = Counter()
    work = tempfile.mkdtemp(prefix='anchors-agreement-')
    tree = os.path.join(work, 'tree')
    # (prefix or None for --code, the repository, its scratch worktree)
    others = [(None, os.path.abspath(a.code))] if a.code else []
    others += [(v.split('=', 1)[0], os.path.abspath(v.split('=', 1)[1])) for v in a.repos]
    others = [(prefix, path, os.path.join(work, 'code-%d' % k)) for k, (prefix, path) in enumerate(others)]
    history = History(path for _, path, _ in others)
    for _, path, worktree in others:
        git(path, 'worktree', 'add', '-q', '--detach', worktree, 'HEAD')
    git(repo, 'worktree', 'add', '-q', '--detach', tree, 'HEAD')
    try:
        for commit in reversed(commits):
            names = git(repo, 'diff', '--name-only', '--no-renames', commit + '^', commit, check=False).split('\n')
            names = [n for n in names if n.endswith('.md') and any(fnmatch.fnmatch(n, g) for g in docs)]
            work_items = []
            for doc in names:
                if not git(repo, 'cat-file', '-t', commit + '^:' + doc, check=False).strip():
                    continue
                changed, reworded, touched = repins(repo, commit, doc)
                total['reworded'] += reworded
                if changed:
                    work_items.append((doc, changed, touched))
            if not work_items:
                continue
            git(tree, 'checkout', '-q', '--detach', commit + '^')
            target = commit
            when = git(repo, 'log', '-1', '--format=%cI', commit).strip()
            code, repos = None, []
            # Where each repository's code stood at the re-pin: (repository, commit), by prefix.
            targets = {None: (repo, commit)}
            for prefix, path, worktree in others:
                at = git(path, 'rev-list', '-1', '--first-parent', '--before=' + when, 'HEAD').strip()
                targets[prefix] = (path, at or 'HEAD')
                if at:
                    git(worktree, 'checkout', '-q', '--detach', at)
                if prefix is None:
                    code, target = worktree, at or 'HEAD'
                else:
                    repos.append((prefix, worktree))
            short = commit[:8]

            def holder_of(x):
                """The repository an anchor's resolved path lives in, and its commit at the re-pin."""
                return targets.get(x.get('repo') or None, (None, None))
            for doc, changed, touched in work_items:
                result, error = audit(relops, tree, doc, target, code, repos)
                if result is None:
                    total['error'] += len(changed)
                    reasons['audit failed: ' + error[0]] += len(changed)
                    continue
                by_line = {}
                for x in result['anchors']:
                    by_line.setdefault(x['doc_line'], []).append(x)
                repinned = set()
                for line, k, path, start, end, new_start, new_end in changed:
                    total['repins'] += 1
                    def cites(x):
                        return path is None or x['text'].startswith(path) or path.endswith(x['text'].split(':')[0])
                    on_line = [x for x in by_line.get(line, []) if cites(x)]
                    here_ = [x for x in on_line if x['start'] == start and x['end'] == end]
                    # A range written as two anchors (`X.cs:164`-`X.cs:165`) is one anchor to relops:
                    # its first half is compared with the range's start, its second with its end.
                    half = None
                    if not here_ and start == end:
                        here_ = [x for x in on_line if x['start'] == start and x['end'] != start]
                        half = 'first' if here_ else None
                        if not here_:
                            here_ = [x for x in on_line if x['end'] == start and x['start'] != start]
                            half = 'second' if here_ else None
                    if not here_:
                        total['checked'] += 1
                        reasons['not found by relops'] += 1
                        disagreements.append((short, doc, line, path, start, end, new_start, new_end, 'not found', ''))
                        continue
                    x = here_[0]
                    repinned.add((x['doc_line'], x['doc_column']))
                    status = x['status']
                    if x.get('unmapped_repository'):
                        total['uncheckable'] += 1
                        unmapped[x['unmapped_repository']] += 1
                        continue
                    total['checked'] += 1
                    group = 'with-document' if as_old_as_document(repo, commit + '^', doc, line, added) else 'edited'
                    total['checked ' + group] += 1
                    # Invalid when written: at the code as the author saw it when writing the line
                    # (git blame of the document), the cited lines were past the end of the file or
                    # held nothing to cite, and the person re-pinned the anchor.
                    holder, _ = holder_of(x)
                    base = holder and x.get('path') and history.written_base(repo, commit + '^', doc, line, holder)
                    then = base and history.lines(holder, base, x['path'])
                    if then is not None and base and nothing_to_cite(then, start, end):
                        total['iww ' + group] += 1
                        if status == 'invalid':
                            total['iww flagged ' + group] += 1
                        else:
                            iww_missed.append((short, doc, line, x['text'], status, base[:8], group))
                    ns, ne = x.get('new_start'), x.get('new_end')
                    if status == 'ok':
                        ns, ne = x['start'], x['end']
                    if half and ns is not None:
                        ns = ne = ns if half == 'first' else ne
                    if status == 'unresolved' and (x.get('note') or '') == 'no such file':
                        # In none of the repositories given at base or target: most are files of the
                        # repositories not available here, cited by a bare name.
                        total['no such file'] += 1
                    if (ns, ne) == (new_start, new_end):
                        total['agree'] += 1
                        total['agree by ' + status] += 1
                        total['agree ' + group] += 1
                        continue
                    reason = status if ns is None else ('ok (no move)' if status == 'ok' else status + ' elsewhere')
                    if ns is not None and (ns == new_start or ne == new_end):
                        total['same start or end'] += 1
                    if ns is not None and status != 'ok' and new_end - new_start != end - start and ne - ns == end - start:
                        reason += ' (the person also resized the range)'

                    holder = next((w for p_, _, w in others if p_ == (x.get('repo') or None)), None) or repo
                    if status == 'ok' and x.get('base') and unchanged(holder, x['base'], 'HEAD' if code else target,
                                                                      x['path']):
                        reason = 'ok: the cited file is unchanged since the base (the person corrected the anchor)'
                    reasons[reason] += 1
                    if status not in ('ok', 'moved'):
                        notes[status + ': ' + re.sub(r'[0-9a-f]{7,}|\d+', '#', x.get('note') or '')[:90]] += 1
                    disagreements.append((short, doc, line, path, start, end, new_start, new_end, reason,
                                          f"relops {ns}-{ne}" if ns else (x.get('note') or '')))
                for x in result['anchors']:
                    if (x['doc_line'], x['doc_column']) in repinned or x['status'] == 'historical':
                        continue
                    total['kept'] += 1
                    if x['status'] in ('moved', 'renamed'):
                        total['kept but relops moves'] += 1
                        kept_moved.append((short, doc, x['doc_line'], x['text'], x.get('new_start'), x.get('new_end')))
                    # Kept where the code did not move: the commit left the anchor's document line
                    # alone, and its cited lines hold the same text, something to cite, at the code
                    # as the author saw it when writing the line and at the re-pin.
                    if x['doc_line'] in touched or x.get('unmapped_repository') or not x.get('path'):
                        continue
                    holder, target_rev = holder_of(x)
                    base = holder and history.written_base(repo, commit + '^', doc, x['doc_line'], holder)
                    then = base and history.lines(holder, base, x['path'])
                    now = base and history.lines(holder, target_rev, x['path'])
                    s_, e_ = x['start'], x['end']
                    if not then or not now or nothing_to_cite(then, s_, e_) or then[s_ - 1:e_] != now[s_ - 1:e_]:
                        continue
                    group = 'with-document' if as_old_as_document(repo, commit + '^', doc, x['doc_line'], added) \
                        else 'edited'
                    total['still ' + group] += 1
                    if x['status'] == 'ok':
                        total['still ok ' + group] += 1
                    else:
                        still_not_ok.append((short, doc, x['doc_line'], x['text'], x['status'], base[:8], group,
                                             (x.get('note') or '')[:100]))
        # Bare names, on the documents as they stand at HEAD against each repository's code then.
        git(tree, 'checkout', '-q', '--detach', 'HEAD')
        head_time = git(repo, 'log', '-1', '--format=%cI', 'HEAD').strip()
        code, repos, target = None, [], 'HEAD'
        for prefix, path, worktree in others:
            at = git(path, 'rev-list', '-1', '--first-parent', '--before=' + head_time, 'HEAD').strip()
            if at:
                git(worktree, 'checkout', '-q', '--detach', at)
            if prefix is None:
                code, target = worktree, at or 'HEAD'
            else:
                repos.append((prefix, worktree))
        all_docs = [n for n in git(repo, 'ls-files').splitlines()
                    if n.endswith('.md') and any(fnmatch.fnmatch(n, g) for g in docs)]
        for doc in all_docs:
            result, error = audit(relops, tree, doc, target, code, repos)
            for x in (result or {}).get('anchors', []):
                written = x['text'].split(':')[0]
                if x['status'] == 'historical' or not written or '/' in written or '\u2026' in written \
                        or '...' in written:
                    continue
                total['bare'] += 1
                if x.get('unmapped_repository'):
                    total['bare unmapped'] += 1
                elif x.get('decided_by'):
                    total['bare ambiguous'] += 1
                    bare_rules[x['decided_by']] += 1
                elif x['status'] == 'unresolved' and x.get('candidates'):
                    total['bare ambiguous'] += 1
                    total['bare left with candidates'] += 1
                    bare_left.append((doc, x['doc_line'], x['text'], len(x['candidates'])))
    finally:
        git(repo, 'worktree', 'remove', '--force', tree, check=False)
        for _, path, worktree in others:
            git(path, 'worktree', 'remove', '--force', worktree, check=False)
    n, checked = total['repins'], total['checked']
    print(f"repository: {repo}" + "".join(f" ({p or 'code'}: {r})" for p, r, _ in others))
    print(f"re-pins by hand: {n} (anchors on lines rewritten with other anchors, not counted: {total['reworded']})")
    print(f"  citing a repository not available here (relops: unmapped), not counted: {total['uncheckable']} "
          + ", ".join(f"{k} {v}" for k, v in unmapped.most_common()))
    print(f"  not found by relops: {reasons['not found by relops']}")
    if checked:
        print(f"agreement: {total['agree']}/{checked} = {100.0 * total['agree'] / checked:.1f}% of the checked re-pins"
              + " (" + ", ".join(f"{k[9:]} {v}" for k, v in total.items() if k.startswith('agree by ')) + ")")
    if checked:
        print(f"  relops's start or end line is the person's (the other end differs) in {total['same start or end']} more")
    if total['no such file']:
        rest = checked - total['no such file']
        print(f"  without the {total['no such file']} whose file is in no repository given (relops: unresolved, "
              f"no such file): {total['agree']}/{rest} = {100.0 * total['agree'] / rest:.1f}%")
    for group, words in [('edited', 'lines edited since their document was added'),
                         ('with-document', 'lines as old as their document (blame names the commit that added it)')]:
        if total['checked ' + group]:
            print(f"  {words}: {total['agree ' + group]}/{total['checked ' + group]} = "
                  f"{100.0 * total['agree ' + group] / total['checked ' + group]:.1f}%")
    for reason, count in reasons.most_common():
        print(f"  disagree: {reason}: {count}")
    for note, count in notes.most_common(8):
        print(f"    {count:4d} {note}")
    print(f"anchors the same commits left alone: {total['kept']}, of which relops would move "
          f"{total['kept but relops moves']}")
    print("issue 41's goals:")
    amb = total['bare ambiguous']
    print(f"  bare names (goal 80% decided): of the bare file names (`Program.cs:12`) in the documents at HEAD "
          f"that several files of the mapped repositories fit, relops decided {total['bare ambiguous'] - total['bare left with candidates']}/{amb}"
          + (f" = {100.0 * (amb - total['bare left with candidates']) / amb:.1f}%" if amb else "")
          + f"; reported unresolved with their candidates: {total['bare left with candidates']}"
          + f" (of {total['bare']} bare names; {total['bare unmapped']} cite repositories not mapped, not counted)")
    if bare_rules:
        print("    decided by: " + ", ".join(f"{k} {v}" for k, v in bare_rules.most_common()))
    for group, words in [('edited', 'lines edited since their document was added'),
                         ('with-document', 'lines as old as their document')]:
        n_ = total['iww ' + group]
        print(f"  invalid when written (goal 90% flagged), {words}: {total['iww flagged ' + group]}/{n_}"
              + (f" = {100.0 * total['iww flagged ' + group] / n_:.1f}%" if n_ else " (none in this history)")
              + " of the re-pinned anchors whose cited lines, at the code as the author saw it when writing the"
              " line (git blame of the document line, then each repository's first-parent commit current then),"
              " were past the end of the file or held nothing to cite (blank, braces, comment markers) are `invalid`")
    print("    (anchors a person removed rather than re-pinned are not counted: the history cannot tell a removal"
          " for being wrong from one for a reworded decision; where git blame names the commit that added the"
          " whole document and a repository given held one document of that name then, the copy it was made"
          " from, the line is matched to the copy's line (difflib) and blamed there)")
    for group, words in [('edited', 'lines edited since their document was added'),
                         ('with-document', 'lines as old as their document')]:
        n_ = total['still ' + group]
        print(f"  kept anchors (goal 99% ok), {words}: {total['still ok ' + group]}/{n_}"
              + (f" = {100.0 * total['still ok ' + group] / n_:.1f}%" if n_ else "")
              + " of the anchors a re-pin commit left on untouched document lines whose cited lines hold the same"
              " text, something to cite, at the code as the author saw it and at the re-pin are `ok`")
    n_ = total['still edited'] + total['still with-document']
    if n_:
        ok_ = total['still ok edited'] + total['still ok with-document']
        print(f"  kept anchors, all: {ok_}/{n_} = {100.0 * ok_ / n_:.1f}%")
    for k in iww_missed[:a.examples]:
        print(f"  invalid when written, not flagged: {k}")
    for k in still_not_ok[:a.examples]:
        print(f"  kept where the code did not move, not ok: {k}")
    for k in bare_left[:a.examples // 2]:
        print(f"  bare name left with candidates: {k}")
    shown = Counter()
    for d in disagreements:
        short, doc, line, path, start, end, ns, ne, reason, detail = d
        shown[reason] += 1
        if shown[reason] <= a.examples:
            print(f"  {short} {doc}:{line} {path or ''}:{start}-{end} -> person {ns}-{ne}; {reason} {detail}")
    for k in kept_moved[:a.examples // 2]:
        print(f"  kept by the person, moved by relops: {k}")


if __name__ == '__main__':
    main()
