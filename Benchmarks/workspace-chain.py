#!/usr/bin/env python3
"""Writes an npm workspace of N packages where each depends on the next (`workspaces: ["**"]`),
the first one an Express server, each package's source holding the needle: the product graph's
worst case (issue 31, item 8): the last package ships in the server through N - 1 links.
Usage: workspace-chain.py DIR N NEEDLE"""
import json
import os
import sys

root, count, needle = sys.argv[1], int(sys.argv[2]), sys.argv[3]


def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


write("package.json", json.dumps({"name": "chain", "private": True, "workspaces": ["**"]}))
for k in range(count):
    deps = {f"p{k + 1}": "*"} if k + 1 < count else {}
    if k == 0:
        deps["express"] = "^4"
    write(f"packages/p{k}/package.json", json.dumps({"name": f"p{k}", "dependencies": deps}))
    write(f"packages/p{k}/index.js", f'module.exports = "https://{needle}/p{k}";\n')
