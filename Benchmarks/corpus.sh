# Sourced by the benchmarks: builds a corpus repository once (deterministic, see make-corpus.py).
# A corpus built by an older make-corpus.py (its hash is kept in .git/relops-corpus) is rebuilt.
# Usage: ensure_corpus DIR [make-corpus.py options...]
ensure_corpus() {
  local repo=$1
  shift
  local script stamp
  script="$(dirname "${BASH_SOURCE[0]}")/make-corpus.py"
  stamp="$(sha256sum "$script" | cut -c1-16) $*"
  if [ -e "$repo/.git" ]; then                                # a folder, or a file in a worktree
    [ ! -f "$repo/.git/relops-corpus" ] && return 0          # a repository given by the caller
    [ "$(cat "$repo/.git/relops-corpus")" = "$stamp" ] && return 0
    echo "The benchmark repository $repo is from an older make-corpus.py: rebuilding it." >&2
    rm -rf "$repo"
  fi
  echo "Building the benchmark repository in $repo (once)..." >&2
  python3 "$script" "$repo" "$@"
  git -C "$repo" init -q -b main
  git -C "$repo" add -A
  git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -q -m corpus
  echo "$stamp" >"$repo/.git/relops-corpus"
}
