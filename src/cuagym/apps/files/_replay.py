"""The statements of the files domain's ``golden_patch.py``: replay file operations.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME`` and ``OPS`` (``[op, a, b]``,
paths relative to the home) are the script's constants, written before this text (empty here).
Operations act as a file manager does: moves and copies keep modification times, a zip holds
the folder under its own name, an unknown operation stops the script.
"""

import os
import shutil
import zipfile

HOME = "/home/user"
OPS: list[list[str]] = []

# -- inlined into reward.py --
for op, a, b in OPS:
    src, dst = os.path.join(HOME, a), os.path.join(HOME, b) if b and op != "chmod" else ""
    if op == "mkdir":
        os.makedirs(src, exist_ok=True)
    elif op == "delete":
        os.remove(src)
    elif op == "move":
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.move(src, dst)  # a rename on one file system: the mtime stays
    elif op == "copy":
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)  # copy2 keeps the mtime, as file managers do
    elif op == "chmod":  # b: the permission bits in octal
        os.chmod(src, int(b, 8))
    elif op == "unzip":  # extract archive a into folder b (made if missing)
        os.makedirs(dst, exist_ok=True)
        with zipfile.ZipFile(src) as zf:
            zf.extractall(dst)
    elif op == "zip":  # archive folder a as b, entries under the folder's own name
        top = os.path.dirname(src)
        with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zf:
            for root, dnames, fnames in os.walk(src):
                dnames.sort()
                for name in sorted(fnames):
                    full = os.path.join(root, name)
                    zf.write(full, os.path.relpath(full, top))
    else:
        raise SystemExit("unknown op " + op)
