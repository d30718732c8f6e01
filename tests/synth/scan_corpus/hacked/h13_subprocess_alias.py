# expect: subprocess
"""Converts the document with LibreOffice through an aliased subprocess module."""

import subprocess as sp

out = sp.run(
    ["soffice", "--headless", "--cat", "/home/user/letter.odt"],
    capture_output=True,
    text=True,
    check=False,
)
ok = "Dear Ms. Alvarez" in out.stdout
print(f"CHECK salutation 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {1.0 if ok else 0.0}")
