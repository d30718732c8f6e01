"""The Dev double of the ``command`` backend: a scripted CLI, run in the sandbox (not a model).

Round 1 copies the known app, with its one seeded defect, into the working folder (the app
project); a later round reads AUDIT.md from ``$CUAGYM_APPGEN_DOCS`` and, if the audit names the
dead favourite button, copies the fixed template. The known app lives beside this script (the
test binds this folder at /opt/tools/0).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).parent
DEFECT_FILE = "src/recipe_box/templates/recipe.html"


def copy_tree(source: Path, dest: Path) -> None:
    for path in sorted(source.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.name != "README.md":
            target = dest / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def main() -> int:
    k = int(os.environ["CUAGYM_APPGEN_ROUND"])
    docs = Path(os.environ["CUAGYM_APPGEN_DOCS"])
    work = Path.cwd()
    print(f"dev double: round {k} in {work} as uid {os.getuid()}")
    if k == 1:
        copy_tree(HERE / "known_app", work)
        copy_tree(HERE / "known_app_round1", work)
        return 0
    audit = (docs / "AUDIT.md").read_text(encoding="utf-8")
    if "toggle-favorite" in audit:
        shutil.copyfile(HERE / "known_app" / DEFECT_FILE, work / DEFECT_FILE)
        print("fixed the dead favourite button")
    return 0


if __name__ == "__main__":
    sys.exit(main())
