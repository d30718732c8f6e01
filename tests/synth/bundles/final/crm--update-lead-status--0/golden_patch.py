# golden_patch.py - update-lead-status
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}

APP = 'crm'
UPSERT = json.loads('{"leads": {"lead-0020": {"annualRevenueCents": null, "city": "Spokane", "company": "Frontier Water District", "convertedAccountId": null, "convertedAt": null, "convertedContactId": null, "convertedOpportunityId": null, "country": "United States", "createdAt": "2026-09-22T16:40:00Z", "description": "", "email": "tlambert@frontierwaterdistrict.example", "employees": 210, "firstName": "Theo", "id": "lead-0020", "industry": "Utilities", "lastName": "Lambert", "leadSource": "Webinar", "mobile": "", "ownerId": "u-gabe", "phone": "(216) 555-0260", "postalCode": "45540", "rating": "Cold", "salutation": "Mr.", "state": "WA", "status": "Qualified", "street": "840 Main St", "title": "Utility Superintendent", "website": "www.frontierwaterdistrict.example"}}}')
REMOVE = json.loads('{}')

r = requests.get(f"{HUB}/{APP}/state", params={"sid": SID}, headers=AUTH, timeout=60)
r.raise_for_status()
state = r.json()["stored_state"]
if state is None:
    sys.exit("this session has no state yet: run initial_setup.py first")
for collection, records in UPSERT.items():
    state[collection].update(records)
for collection, ids in REMOVE.items():
    for rid in ids:
        state[collection].pop(rid, None)

r = requests.post(
    f"{HUB}/crm/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": 'set_current', "state": state},
    timeout=60,
)
if r.status_code != 200:
    print(r.status_code, r.text[:2000], file=sys.stderr)
    sys.exit(1)
print(json.dumps(r.json()))
