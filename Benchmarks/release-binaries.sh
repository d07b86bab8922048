#!/usr/bin/env bash
# Times `relops verify --artifact` on a 100 MB release APK and a 100 MB IPA shaped like real ones
# (release-binaries.py says how), against what the repository serves (--local), with the peers
# that read the same in the same run: `apksigner verify --print-certs` (reads and verifies every
# signature of the APK) and, for the IPA, `unzip -p` of the executable and the profile piped to
# `openssl cms -verify -noverify` (what a release script does to read them).
# Goal (issue 38): each read bounded and under one second. Usage: Benchmarks/release-binaries.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
relops=${RELOPS:-$here/../.build-release/release/relops}
python=${PYTHON:-$here/../.build/pyvenv/bin/python}
[ -x "$relops" ] || { echo "build first: make release" >&2; exit 3; }
[ -x "$python" ] || { echo "make test-deps first (the Python peers in .build/pyvenv)" >&2; exit 3; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$python" "$here/release-binaries.py" "$work" >/dev/null
keytool -genkeypair -storetype PKCS12 -keystore "$work/release.p12" -storepass bench-pass -alias key \
  -dname "CN=Bench" -validity 30 -keyalg RSA -keysize 2048 2>/dev/null
apksigner sign --ks "$work/release.p12" --ks-pass pass:bench-pass --out "$work/app-release.apk" "$work/app-release-unsigned.apk"
fingerprint=$(keytool -exportcert -rfc -keystore "$work/release.p12" -storepass bench-pass -alias key |
  openssl x509 -noout -fingerprint -sha256 | cut -d= -f2)

site=$work/site
mkdir -p "$site/public/.well-known" && git -C "$site" init -q -b main
printf '[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["%s"]}}]\n' "$fingerprint" > "$site/public/.well-known/assetlinks.json"
printf '{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}\n' > "$site/public/.well-known/apple-app-site-association"
git -C "$site" add -A && git -C "$site" -c user.name=b -c user.email=b@example.com commit -qm site

echo "relops: $relops"
for f in app-release.apk App.ipa; do
  echo "  $f: $(($(stat -c %s "$work/$f") / 1048576)) MB, $(unzip -l "$work/$f" | tail -1 | awk '{print $2}') entries"
done
(cd "$site" && "$relops" verify --host new.example.com --local --artifact "$work/app-release.apk" --artifact "$work/App.ipa" | grep artifact) || true
ipa_peer="unzip -p $work/App.ipa Payload/App.app/App >/dev/null && unzip -p $work/App.ipa Payload/App.app/embedded.mobileprovision | openssl cms -verify -noverify -inform DER -out /dev/null 2>/dev/null"
hyperfine --style none --warmup 1 --runs 10 --export-json "$work/times.json" \
  -n "relops verify --artifact (APK)" "cd $site && $relops verify --host new.example.com --local --platforms android --package com.example.app --fingerprint $fingerprint --artifact $work/app-release.apk" \
  -n "apksigner verify --print-certs (APK, peer)" "apksigner verify --print-certs $work/app-release.apk" \
  -n "relops verify --artifact (IPA)" "cd $site && $relops verify --host new.example.com --local --platforms ios --app-id ABCDE12345.com.example.app --artifact $work/App.ipa" \
  -n "unzip + openssl cms (IPA, peer)" "$ipa_peer" >/dev/null
/usr/bin/time -f "  peak memory, relops on the APK: %M KiB" sh -c "cd $site && $relops verify --host new.example.com --local --platforms android --package com.example.app --fingerprint $fingerprint --artifact $work/app-release.apk >/dev/null"
python3 - "$work/times.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
for kind, peer in [("APK", "apksigner verify --print-certs (APK, peer)"), ("IPA", "unzip + openssl cms (IPA, peer)")]:
    mine = results[f"relops verify --artifact ({kind})"]
    other = results[peer]
    goal = "met" if mine["mean"] < 1 else "NOT met"
    print(f"  relops on the {kind}: {mine['mean']*1000:.0f} ms ± {mine['stddev']*1000:.0f} ms (goal under 1 s: {goal}); "
          f"{peer}: {other['mean']*1000:.0f} ms; ratio {mine['mean']/other['mean']:.2f}x")
PY
