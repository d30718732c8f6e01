"""The statements of a code-editor ``golden_patch.py``: write the edited files.

Script text, read by :func:`cuagym.scripts.inlined`: ``HOME`` and ``EDITS`` (path relative to
the home -> the file's whole new text) are the script's constants, written before this text
(empty here). The golden patch writes what an editor's save writes: the buffer's text, UTF-8,
LF line endings, in place.
"""

import os

HOME = "/home/user"
EDITS: dict[str, str] = {}

# -- inlined into reward.py --
for rel, text in sorted(EDITS.items()):
    path = os.path.join(HOME, rel)
    if not os.path.isfile(path):
        raise SystemExit("the golden patch edits only existing files: " + rel)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
print(len(EDITS), "files edited")
