"""pathlib existence guard, then the content decides."""

from pathlib import Path

notes = Path("/home/user/notes/meeting.md")
if not notes.is_file():
    print("CHECK notes 0 FAIL missing")
    print("REWARD: 0.0")
    raise SystemExit(0)

text = notes.read_text(encoding="utf-8")
lines = [ln.strip() for ln in text.splitlines()]
score = 0.0
has_section = "## Action items" in lines
if has_section:
    score += 0.5
print(f"CHECK section 0.5 {'PASS' if has_section else 'FAIL'}")
items = [ln for ln in lines if ln.startswith("- [ ]")]
if len(items) >= 3:
    score += 0.5
print(f"CHECK items 0.5 {'PASS' if len(items) >= 3 else 'FAIL'} {len(items)} items")
print(f"REWARD: {score}")
