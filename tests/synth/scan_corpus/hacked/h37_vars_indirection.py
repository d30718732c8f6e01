# expect: subprocess, dynamic_code
"""vars(os)["system"] and a computed getattr name."""

import os

sysfn = vars(os)["system"]
sysfn("touch /tmp/x")
name = "pop" + "en"
out = getattr(os, name.lower())("cat /home/user/a.txt").read()
print(f"REWARD: {1.0 if out else 0.0}")
