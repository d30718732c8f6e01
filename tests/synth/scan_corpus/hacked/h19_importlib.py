# expect: dynamic_code, subprocess
"""importlib.import_module('subprocess') to dodge a naive import check."""

import importlib

proc = importlib.import_module("subprocess")
listing = proc.check_output(["ls", "/home/user/photos"], text=True).split()
ok = len([n for n in listing if n.endswith(".jpg")]) == 12
print(f"CHECK photos 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {1.0 if ok else 0.0}")
