"""Exceptions record failed checks (False / 0 points), never passes."""

import json

checks = []
try:
    data = json.load(open("/home/user/app/state.json"))  # noqa: SIM115
    checks.append(("version", data["version"] == "2.1.0", 1))
except (OSError, ValueError, KeyError):
    checks.append(("version", False, 1))

try:
    users = data["users"]
    checks.append(("admins", sum(1 for u in users if u.get("role") == "admin") == 2, 2))
except Exception:
    checks.append(("admins", False, 2))

score = 0
total = 0
for name, ok, pts in checks:
    total += pts
    score += pts if ok else 0
    print(f"CHECK {name} {pts} {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {score / total:.3f}")
