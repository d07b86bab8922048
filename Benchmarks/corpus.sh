# Sourced by the benchmarks: builds a corpus repository once (deterministic, see make-corpus.py).
# Usage: ensure_corpus DIR [make-corpus.py options...]
ensure_corpus() {
  local repo=$1
  shift
  [ -d "$repo/.git" ] && return 0
  echo "Building the benchmark repository in $repo (once)..." >&2
  python3 "$(dirname "${BASH_SOURCE[0]}")/make-corpus.py" "$repo" "$@"
  git -C "$repo" init -q -b main
  git -C "$repo" add -A
  git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -q -m corpus
}
