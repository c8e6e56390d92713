#!/usr/bin/env python3
"""Write dist/sw.js from the template www/sw.js: the list of every file of
the built site (so all of it is kept for offline use after one visit) and a
version made from their contents (so a new build replaces the kept one)."""
import hashlib
import json
import os
import sys


def main(dist, template):
    files = []
    for base, _dirs, names in os.walk(dist):
        for name in names:
            path = os.path.relpath(os.path.join(base, name), dist).replace(os.sep, "/")
            # online.json says whether a game server is here: never kept.
            if path not in ("sw.js", "online.json"):
                files.append(path)
    files.sort()
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.encode())
        with open(os.path.join(dist, path), "rb") as f:
            digest.update(hashlib.sha256(f.read()).digest())
    with open(template, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("'__VERSION__'", json.dumps(digest.hexdigest()[:16]))
    text = text.replace("__FILES__", json.dumps(["./"] + files, indent=2))
    with open(os.path.join(dist, "sw.js"), "w", encoding="utf-8") as f:
        f.write(text)
    print(f"service worker: {len(files)} files, version {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
