#!/usr/bin/env python3
"""Builds the benchmark repository: deterministic, at least 20,000 tracked files and 150 MB,
mixed text and binary, with a few planted occurrences of the needle. Usage:
    make-corpus.py DIR [--files N] [--plant HOST:COUNT]...
"""
import os, random, subprocess, sys

def main():
    args = sys.argv[1:]
    target = args[0]
    files = 22000
    plants = []
    i = 1
    while i < len(args):
        if args[i] == "--files":
            files = int(args[i + 1]); i += 2
        elif args[i] == "--plant":
            host, count = args[i + 1].rsplit(":", 1); plants.append((host, int(count))); i += 2
        else:
            sys.exit(f"make-corpus.py: unknown argument {args[i]}")
    rng = random.Random(20261129)
    words = ("public static class var let func return if else for while namespace using string int bool "
             "config service endpoint request response handler options value key token session speaker "
             "https http www api app host path route query json xml data item list map set get put post").split()
    os.makedirs(target, exist_ok=True)
    text_files = []
    total = 0
    for n in range(files):
        folder = os.path.join(target, f"src/mod{n % 97:02d}/pkg{n % 13}")
        os.makedirs(folder, exist_ok=True)
        if n % 11 == 0:
            # Binary: a NUL early, random bytes, 8-48 KB.
            size = rng.randint(8, 48) * 1024
            path = os.path.join(folder, f"asset{n}.bin")
            data = bytes([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0]) + rng.randbytes(size)
        else:
            # Text: 40-300 lines of code-like words, about 7 KB on average.
            lines = []
            for _ in range(rng.randint(40, 300)):
                lines.append("    " + " ".join(rng.choice(words) for _ in range(rng.randint(3, 9))) + ";")
            path = os.path.join(folder, f"File{n}.cs")
            data = ("\n".join(lines) + "\n").encode()
            text_files.append(path)
        with open(path, "wb") as f:
            f.write(data)
        total += len(data)
    for host, count in plants:
        for k in range(count):
            path = text_files[(k * 7919) % len(text_files)]
            with open(path, "ab") as f:
                f.write(f'    const string Host = "https://{host}/api/{k}";\n'.encode())
    print(f"{files} files, {total / 1e6:.0f} MB", file=sys.stderr)

main()
