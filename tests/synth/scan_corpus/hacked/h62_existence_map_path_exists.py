# expect: existence_only
"""Existence only: all(map(Path.exists, ...)) over the expected outputs."""

from pathlib import Path

outs = [Path("/home/user/out") / n for n in ("a.csv", "b.csv")]
done = all(map(Path.exists, outs))
print(f"CHECK outputs 1 {'PASS' if done else 'FAIL'}")
print(f"REWARD: {1.0 if done else 0.0}")
