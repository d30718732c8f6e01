"""SQLite database of a desktop app, read-only queries."""

import sqlite3

con = sqlite3.connect("file:/home/user/.local/share/notes/notes.db?mode=ro", uri=True)
try:
    rows = con.execute("SELECT title, pinned FROM notes").fetchall()
finally:
    con.close()
pinned = {title for title, flag in rows if flag}
score = 0
if "Groceries" in pinned:
    score += 1
if len(pinned) == 1:
    score += 1
print(f"CHECK pinned_groceries 1 {'PASS' if 'Groceries' in pinned else 'FAIL'}")
print(f"CHECK only_one 1 {'PASS' if len(pinned) == 1 else 'FAIL'}")
print(f"REWARD: {score / 2}")
