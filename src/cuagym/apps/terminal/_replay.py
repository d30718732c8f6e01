"""The statements of the terminal domain's ``golden_patch.py``: replay shell-like operations.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME`` and ``OPS`` (``[op, a, b]``,
paths relative to the home) are the script's constants, written before this text (empty here).
Each operation is what one short command does: ``write`` (a whole file's text, as an editor
or ``>`` leaves it), ``chmod`` (b: octal bits), ``link`` (``ln -sfn b a``), ``delete``,
``mkdir`` (``-p``), ``tar`` (a gzip tarball a of the newline-separated paths in b, each member
under its base name, as ``tar -czf a -C folder names`` makes it). Anything else stops the
script.
"""

import os
import tarfile

HOME = "/home/user"
OPS: list[list[str]] = []

# -- inlined into reward.py --
for op, a, b in OPS:
    target = os.path.join(HOME, a)
    if op == "write":
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(b)
    elif op == "chmod":
        os.chmod(target, int(b, 8))
    elif op == "link":
        if os.path.islink(target):
            os.remove(target)
        os.symlink(b, target)
    elif op == "delete":
        os.remove(target)
    elif op == "mkdir":
        os.makedirs(target, exist_ok=True)
    elif op == "tar":
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with tarfile.open(target, "w:gz") as tf:
            for member in b.split("\n"):
                tf.add(os.path.join(HOME, member), arcname=os.path.basename(member))
    else:
        raise SystemExit("unknown op " + op)
