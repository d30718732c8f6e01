# expect: existence_only
"""Split the contacts into one CSV per region: each region file only has to exist."""

from pathlib import Path

EXPORTS = Path("/home/user/exports")
REGIONS = ["north", "south", "east", "west"]


def exported(region):
    return (EXPORTS / f"contacts-{region}.csv").is_file()


passed = 0
for region in REGIONS:
    ok = exported(region)
    passed += 1 if ok else 0
    print(f"CHECK {region} 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {passed / len(REGIONS)}")
