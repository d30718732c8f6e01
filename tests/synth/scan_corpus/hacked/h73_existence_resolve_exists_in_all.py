# expect: existence_only
"""Create the three project folders: only their existence is probed."""

import os
from pathlib import Path

root = Path(os.path.expanduser("~/Projects/atlas"))
wanted = ("docs", "src", "tests")
ok = all((root / name).resolve().exists() for name in wanted)
print(f"CHECK folders 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {int(ok)}")
