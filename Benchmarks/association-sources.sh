#!/usr/bin/env bash
# Times `relops association sources` on generated worst cases for the nginx reader (issue 31), with
# `nginx -t` on the same configuration in the same run as the peer (nginx parses and loads it all).
#   snippets: nginx.conf includes 2,000 snippets; each includes a file of its own and a glob that
#             matches nothing (was quadratic: 3,000 took over 20 s); one serves assetlinks.json.
#   cycle:    12 snippets that each include conf.d/*.conf, themselves too (was over 20 s; relops
#             refuses the cycle, nginx 1.22 crashes on it, so it has no peer figure).
#   regexes:  12 catastrophic regex locations naming .well-known (was 1-2 s each).
#   monorepo: the 22,000-file benchmark corpus of scan.sh (Benchmarks/work/scan-corpus), where the
#             code-source finder reads every tracked server source for a route registration;
#             peer: `git grep -l -F well-known`, which reads the same files (0.35 s before it was
#             read on the worker pool without Foundation string searches).
# Goal: each under one second. Usage: Benchmarks/association-sources.sh [SNIPPETS] (default 2000)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/corpus.sh"
relops=${RELOPS:-$here/../.build-release/release/relops}
[ -x "$relops" ] || { echo "build first: make release" >&2; exit 3; }
nginx=$(command -v nginx || echo /usr/sbin/nginx)
count=${1:-2000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

commit() { git -C "$1" add -A && git -C "$1" -c user.name=b -c user.email=b@example.com commit -qm corpus; }

# snippets
repo=$work/snippets
mkdir -p "$repo/nginx/snippets" "$repo/nginx/inner" "$repo/site/.well-known" "$work/logs"
git -C "$repo" init -q -b main
printf 'events {}\nhttp {\n  server {\n    listen 127.0.0.1:18199;\n    root %s/site;\n    include snippets/*.conf;\n  }\n}\n' "$repo" > "$repo/nginx/nginx.conf"
python3 - "$repo/nginx" "$count" <<'PY'
import sys
folder, count = sys.argv[1], int(sys.argv[2])
for i in range(count):
    open(f"{folder}/snippets/s{i}.conf", "w").write(
        f"location /s{i} {{ include inner/i{i}.conf; include missing-{i}/*.conf; }}\n")
    open(f"{folder}/inner/i{i}.conf", "w").write(f"add_header X-Snippet {i};\n")
open(f"{folder}/snippets/well-known.conf", "w").write(
    "location = /.well-known/assetlinks.json { default_type application/json; return 200 '[]'; }\n")
PY
commit "$repo"

# cycle
cycle=$work/cycle
mkdir -p "$cycle/conf.d" && git -C "$cycle" init -q -b main
printf 'http { server { root /srv; include conf.d/*.conf; } }\n' > "$cycle/nginx.conf"
for i in $(seq 0 11); do echo "location /x$i { include conf.d/*.conf; }" > "$cycle/conf.d/s$i.conf"; done
commit "$cycle"

# regexes
regex=$work/regexes
mkdir -p "$regex/nginx" && git -C "$regex" init -q -b main
{ echo "server {"; for i in $(seq 0 11); do echo "  location ~ ^/\\.well-known/((.|.)+)+Z$i\$ { return 404; }"; done; echo "}"; } > "$regex/nginx/site.conf"
commit "$regex"

# monorepo
monorepo=$here/work/scan-corpus
ensure_corpus "$monorepo" --plant "app.example.com:5"
git -C "$monorepo" status --porcelain >/dev/null

echo "relops: $relops; nginx: $nginx ($("$nginx" -v 2>&1 | sed 's/.*version: //'))"
echo "snippets: $(git -C "$repo" ls-files | wc -l) tracked files"
"$relops" association sources --repo "$repo" | head -1
"$nginx" -t -q -p "$repo/nginx/" -c "$repo/nginx/nginx.conf" -e "$work/logs/error.log" -g "pid $work/logs/nginx.pid;"
hyperfine --style none --warmup 1 --runs 10 --export-json "$work/times.json" -i \
  -n "relops association sources (snippets)" "$relops association sources --repo $repo" \
  -n "nginx -t (snippets, peer)" "$nginx -t -q -p $repo/nginx/ -c $repo/nginx/nginx.conf -e $work/logs/error.log -g 'pid $work/logs/nginx.pid;'" \
  -n "relops association sources (cycle, refused)" "$relops association sources --repo $cycle" \
  -n "relops association sources (regexes)" "$relops association sources --repo $regex" \
  -n "relops association sources (monorepo)" "$relops association sources --repo $monorepo" \
  -n "git grep -l -F well-known (monorepo, peer)" "git -C $monorepo grep -l -F well-known" >/dev/null
python3 - "$work/times.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    mean = r["mean"]
    goal = "" if r["command"].startswith(("nginx", "git")) else ("  (goal: under 1 s: met)" if mean < 1 else "  (goal: under 1 s: NOT met)")
    print(f"  {r['command']}: {mean*1000:.0f} ms ± {r['stddev']*1000:.0f} ms{goal}")
PY
