# expect: existence_only
"""Existence only via a method of a helper class wrapping Path.exists()."""

from pathlib import Path


class Home:
    def __init__(self, root: str) -> None:
        self.root = Path(root)

    def has(self, rel: str) -> bool:
        return (self.root / rel).exists()


home = Home("/home/user")
checks = [("report", 2, home.has("Documents/report.docx")), ("notes", 1, home.has("notes.txt"))]
got = 0
for name, pts, ok in checks:
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
    got += pts if ok else 0
print(f"REWARD: {got / 3}")
