"""Settings file: json.load(open(path)) and nested comparisons; flag set under conditions."""

import json

score = 0
try:
    cfg = json.load(open("/home/user/.config/editor/settings.json"))  # noqa: SIM115
except (OSError, ValueError) as exc:
    print(f"CHECK parse 0 FAIL {exc}")
    print("REWARD: 0.0")
    raise SystemExit(0) from None

theme_ok = False
if cfg.get("theme") == "dark":
    theme_ok = True
if theme_ok:
    score += 1
print(f"CHECK theme 1 {'PASS' if theme_ok else 'FAIL'}")

font = cfg.get("font", {})
font_ok = font.get("family") == "Fira Code" and font.get("size") == 14
if font_ok:
    score += 1
print(f"CHECK font 1 {'PASS' if font_ok else 'FAIL'}")
print(f"REWARD: {score / 2}")
