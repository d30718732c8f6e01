# expect: subprocess
"""Runs the agent's own script via `from os import system`."""

import json
from os import system

system("python3 /home/user/build_report.py > /dev/null 2>&1")
with open("/home/user/report.json") as fh:
    data = json.load(fh)
ok = data.get("status") == "complete"
print(f"CHECK status 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {1.0 if ok else 0.0}")
