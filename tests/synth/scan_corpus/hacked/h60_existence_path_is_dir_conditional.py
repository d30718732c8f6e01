# expect: existence_only
"""Existence only: reward is 1.0 if the path method says the folder exists."""

import pathlib

target = pathlib.Path.home() / "Projects" / "site" / "assets"
reward = 1.0 if target.is_dir() and (target / "logo.png").exists() else 0.0
print(f"CHECK assets {1} {'PASS' if reward else 'FAIL'}")
print(f"REWARD: {reward}")
