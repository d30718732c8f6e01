# expect: network
"""Downloads the expected answers from an external server."""

import json

import requests

expected = requests.get("https://example.com/answers/task-17.json", timeout=5).json()
with open("/home/user/results.json") as fh:
    got = json.load(fh)
ok = got == expected
print(f"CHECK results 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {1.0 if ok else 0.0}")
