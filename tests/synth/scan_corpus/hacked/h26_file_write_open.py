# expect: file_write
"""Writes the expected answer into the file, then compares the file with itself."""

from pathlib import Path

target = Path("/home/user/answer.txt")
with open(target, "w") as fh:
    fh.write("42\n")
content = target.read_text().strip()
print(f"CHECK answer 1 {'PASS' if content == '42' else 'FAIL'}")
print(f"REWARD: {1.0 if content == '42' else 0.0}")
