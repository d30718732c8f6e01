# expect: subprocess, dynamic_code
"""Hides os.system behind getattr(__import__("os"), "system")."""

run = getattr(__import__("os"), "system")  # noqa: B009
status = run("test -s /home/user/summary.txt")
print(f"CHECK summary 1 {'PASS' if status == 0 else 'FAIL'}")
print(f"REWARD: {1.0 if status == 0 else 0.0}")
