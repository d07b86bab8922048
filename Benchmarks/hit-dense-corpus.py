#!/usr/bin/env python3
"""Writes a hit-dense repository like a real Flutter app: ~7,800 files, about 3,100 occurrences of
the needle in about 1,100 files, a third of the occurrences inside translation and resource files
of several hundred KB (Android `values-*/strings.xml`, iOS `.xliff`, Flutter `.arb`, JSON).
Deterministic (a fixed seed). Usage: hit-dense-corpus.py DIR NEEDLE"""
import json
import os
import random
import sys

root, needle = sys.argv[1], sys.argv[2]
rng = random.Random(28)
words = "account order cart profile settings search message payment share invite login".split()


def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


def filler(n):
    return " ".join(rng.choice(words) for _ in range(n))


def large_xml(locale, hits):
    # About 400 KB: 4,000 strings with comments between them; `hits` of them hold the needle.
    rows, marked = [], set(rng.sample(range(4000), hits))
    for k in range(4000):
        value = f"https://{needle}/{rng.choice(words)}/{k}" if k in marked else filler(8)
        if k % 10 == 0:
            rows.append(f"    <!-- {filler(6)} -->")
        rows.append(f'    <string name="s_{k}">{value}</string>')
    return '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n' + "\n".join(rows) + "\n</resources>\n"


def large_xliff(locale, hits):
    units, marked = [], set(rng.sample(range(2500), hits))
    for k in range(2500):
        target = f"Open https://{needle}/help/{k}" if k in marked else filler(7)
        units.append(
            f'      <trans-unit id="u{k}"><source>{filler(7)}</source><target>{target}</target>'
            f"<note>{filler(4)}</note></trans-unit>")
    return ('<?xml version="1.0"?>\n<xliff version="1.2"><file source-language="en" target-language="'
            + locale + '"><body>\n' + "\n".join(units) + "\n</body></file></xliff>\n")


def large_arb(hits):
    entries, marked = {}, set(rng.sample(range(3000), hits))
    for k in range(3000):
        entries[f"key{k}"] = f"See https://{needle}/p/{k}" if k in marked else filler(9)
        entries[f"@key{k}"] = {"description": filler(5)}
    return json.dumps(entries, indent=2) + "\n"


locales = [f"l{k:02d}" for k in range(60)]
write("pubspec.yaml", "name: shop\nflutter:\n  generate: true\n")
write("android/settings.gradle", "include ':app'\n")
write("android/app/build.gradle", "plugins { id 'com.android.application' }\n")
for n, locale in enumerate(locales):
    kind = n % 3
    if kind == 0:
        write(f"android/app/src/main/res/values-{locale}/strings.xml", large_xml(locale, 18))
    elif kind == 1:
        write(f"ios/Runner/Localizations/{locale}.xliff", large_xliff(locale, 18))
    else:
        write(f"lib/l10n/app_{locale}.arb", large_arb(18))
# About 1,070 small files with two occurrences each: Dart, Kotlin, Swift, JSON config, Markdown.
for k in range(1070):
    ext = ["dart", "dart", "dart", "kt", "swift", "json", "md"][k % 7]
    folder = {"dart": "lib/src", "kt": "android/app/src/main/kotlin", "swift": "ios/Runner",
              "json": "assets/config", "md": "docs"}[ext]
    if ext == "json":
        text = json.dumps({"api": f"https://{needle}/v{k}", "web": f"https://{needle}/", "x": filler(20)})
    elif ext == "md":
        text = f"# Page {k}\n\n{filler(40)}\n\nSee https://{needle}/docs/{k} and {needle}.\n"
    else:
        text = (f"// {filler(10)}\n" + "\n".join(f"val v{j} = \"{filler(6)}\"" for j in range(30))
                + f"\nval api = \"https://{needle}/api/{k}\"\n// {needle} docs\n")
    write(f"{folder}/f{k}.{ext}", text)
# About 6,700 files without the needle.
for k in range(6700):
    ext = ["dart", "kt", "swift", "png.txt", "yaml"][k % 5]
    write(f"lib/gen/g{k // 500}/c{k}.{ext}", "\n".join(f"// {filler(12)}" for _ in range(25)) + "\n")
