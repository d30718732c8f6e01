"""golden_patch.py for team-chat--react-to-message--2: the correct end state, from the current one."""
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
APP = HUB + "/team-chat"

PATCH = json.loads(r'''[
 [
  [
   "messages",
   "c-general"
  ],
  "set",
  [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0001",
    "pinned": true,
    "reactions": [
     {
      "emoji": "thumbsup",
      "users": [
       "u-maya",
       "u-tomas",
       "u-priya",
       "u-elena"
      ]
     },
     {
      "emoji": "eyes",
      "users": [
       "u-jonah"
      ]
     }
    ],
    "sender": "u-sam",
    "text": "Good morning everyone! Quick reminder that the Q1 all-hands is this Thursday at 17:00 UTC. Agenda and the dial-in are in the calendar invite.",
    "threadParent": null,
    "ts": "2026-03-02T14:02:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0002",
    "pinned": false,
    "reactions": [],
    "sender": "u-rachel",
    "text": "I'll record it for the folks in Tokyo and Kolkata.",
    "threadParent": "m-0001",
    "ts": "2026-03-02T14:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0003",
    "pinned": false,
    "reactions": [
     {
      "emoji": "joy",
      "users": [
       "u-arjun",
       "u-rachel"
      ]
     }
    ],
    "sender": "u-kenji",
    "text": "Thank you! 2am is a bit early for me :)",
    "threadParent": "m-0001",
    "ts": "2026-03-02T14:31:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0004",
    "pinned": false,
    "reactions": [
     {
      "emoji": "tada",
      "users": [
       "u-sam",
       "u-maya",
       "u-jonah",
       "u-amara",
       "u-sofia",
       "u-liam"
      ]
     },
     {
      "emoji": "raised_hands",
      "users": [
       "u-priya",
       "u-elena"
      ]
     }
    ],
    "sender": "u-rachel",
    "text": "Welcome to our newest team member, Kenji Tanaka! Kenji joins the data team from Tokyo and will be working on forecasting. Say hi 👋",
    "threadParent": null,
    "ts": "2026-03-02T15:20:00Z"
   },
   {
    "attachments": [
     {
      "contentType": "application/pdf",
      "name": "q1-roadmap.pdf",
      "size": 840,
      "url": "/team-chat/static/seed-files/q1-roadmap.pdf"
     }
    ],
    "edited": false,
    "editedAt": null,
    "id": "m-0006",
    "pinned": false,
    "reactions": [
     {
      "emoji": "rocket",
      "users": [
       "u-sam",
       "u-tomas",
       "u-liam"
      ]
     },
     {
      "emoji": "eyes",
      "users": [
       "u-sofia"
      ]
     }
    ],
    "sender": "u-maya",
    "text": "The Q1 roadmap is final. Big themes: dock scheduling, the CSV import rewrite, and the carrier portal beta. Deck attached, comments welcome in thread.",
    "threadParent": null,
    "ts": "2026-03-02T16:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0007",
    "pinned": false,
    "reactions": [],
    "sender": "u-liam",
    "text": "Is the carrier portal beta still on track for April? Two prospects asked me about it last week.",
    "threadParent": "m-0006",
    "ts": "2026-03-02T16:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0008",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Yes, beta invites go out in the second week of April.",
    "threadParent": "m-0006",
    "ts": "2026-03-02T16:24:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0009",
    "pinned": false,
    "reactions": [
     {
      "emoji": "thumbsup",
      "users": [
       "u-maya"
      ]
     }
    ],
    "sender": "u-sofia",
    "text": "Can we add the bulk-edit request from Harbor Freightways to the backlog? They've asked three times now.",
    "threadParent": "m-0006",
    "ts": "2026-03-02T16:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0011",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Heads-up: staging will be down Tuesday 07:00-08:00 UTC for the database upgrade.",
    "threadParent": null,
    "ts": "2026-03-02T18:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0012",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Staging maintenance starting now.",
    "threadParent": null,
    "ts": "2026-03-03T06:58:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0013",
    "pinned": false,
    "reactions": [
     {
      "emoji": "pray",
      "users": [
       "u-tomas",
       "u-priya"
      ]
     },
     {
      "emoji": "white_check_mark",
      "users": [
       "u-jonah"
      ]
     }
    ],
    "sender": "u-arjun",
    "text": "Staging is back up, upgrade done. Ping me if anything looks off.",
    "threadParent": null,
    "ts": "2026-03-03T07:46:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0014",
    "pinned": false,
    "reactions": [
     {
      "emoji": "tada",
      "users": [
       "u-sam",
       "u-liam",
       "u-maya",
       "u-elena",
       "u-kenji"
      ]
     },
     {
      "emoji": "fire",
      "users": [
       "u-liam"
      ]
     }
    ],
    "sender": "u-sofia",
    "text": "Customer win: Meridian Cold Storage renewed for two more years and expanded to their Rotterdam site!",
    "threadParent": null,
    "ts": "2026-03-03T09:15:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0015",
    "pinned": false,
    "reactions": [],
    "sender": "u-sam",
    "text": "Fantastic work Sofia and Liam. That one was hard-earned.",
    "threadParent": null,
    "ts": "2026-03-03T15:02:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0016",
    "pinned": false,
    "reactions": [],
    "sender": "u-rachel",
    "text": "Reminder: benefits enrollment closes on Friday. The form is in the HR portal under 'My benefits'.",
    "threadParent": null,
    "ts": "2026-03-03T16:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0017",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Product review moved to 18:00 UTC today, sorry for the shuffle.",
    "threadParent": null,
    "ts": "2026-03-04T14:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0018",
    "pinned": false,
    "reactions": [],
    "sender": "u-elena",
    "text": "We're hosting a customer webinar on March 20. If you want to co-present a demo, let me know by Monday.",
    "threadParent": null,
    "ts": "2026-03-04T15:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0019",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Happy to demo the new scheduler UI if it's merged by then.",
    "threadParent": "m-0018",
    "ts": "2026-03-04T16:02:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0020",
    "pinned": false,
    "reactions": [
     {
      "emoji": "raised_hands",
      "users": [
       "u-jonah"
      ]
     }
    ],
    "sender": "u-elena",
    "text": "Perfect, pencilling you in!",
    "threadParent": "m-0018",
    "ts": "2026-03-04T16:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0022",
    "pinned": false,
    "reactions": [
     {
      "emoji": "heart",
      "users": [
       "u-rachel",
       "u-maya",
       "u-kenji"
      ]
     }
    ],
    "sender": "u-sam",
    "text": "Thanks for a great all-hands. Slides and recording are in the shared drive. Next one is in June.",
    "threadParent": null,
    "ts": "2026-03-05T18:20:00Z"
   },
   {
    "attachments": [],
    "edited": true,
    "editedAt": "2026-03-06T09:04:00Z",
    "id": "m-0023",
    "pinned": false,
    "reactions": [],
    "sender": "u-rachel",
    "text": "Office will be closed on March 17 for the building's fire inspection. Please work from home that day.",
    "threadParent": null,
    "ts": "2026-03-06T09:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0024",
    "pinned": false,
    "reactions": [
     {
      "emoji": "tada",
      "users": [
       "u-sam",
       "u-elena",
       "u-sofia"
      ]
     },
     {
      "emoji": "100",
      "users": [
       "u-elena"
      ]
     }
    ],
    "sender": "u-liam",
    "text": "Closed-won: Portside Logistics, 40 docks. First deal from the webinar pipeline!",
    "threadParent": null,
    "ts": "2026-03-06T13:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0025",
    "pinned": false,
    "reactions": [
     {
      "emoji": "raised_hands",
      "users": [
       "u-maya",
       "u-sofia"
      ]
     }
    ],
    "sender": "u-kenji",
    "text": "Reminder that the data team office hours are every Friday at 15:00 UTC. Bring your dashboard questions!",
    "threadParent": null,
    "ts": "2026-03-06T14:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0026",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Friendly reminder to enable two-factor auth on the VPN by Monday.",
    "threadParent": null,
    "ts": "2026-03-06T16:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0027",
    "pinned": false,
    "reactions": [
     {
      "emoji": "heart",
      "users": [
       "u-rachel",
       "u-amara",
       "u-sam"
      ]
     }
    ],
    "sender": "u-elena",
    "text": "Have a lovely weekend everyone! The newsletter goes out Monday morning.",
    "threadParent": null,
    "ts": "2026-03-06T17:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0147",
    "pinned": false,
    "reactions": [],
    "sender": "u-liam",
    "text": "Does anyone have the link to last week's retro notes?",
    "threadParent": null,
    "ts": "2026-03-06T18:49:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0148",
    "pinned": false,
    "reactions": [
     {
      "emoji": "tada",
      "users": [
       "u-amara"
      ]
     },
     {
      "emoji": "100",
      "users": [
       "u-rachel"
      ]
     }
    ],
    "sender": "u-liam",
    "text": "Rotterdam go-live moved to the 24th, the new scanners arrive on the 20th.",
    "threadParent": null,
    "ts": "2026-03-06T18:54:00Z"
   }
  ]
 ]
]''')

r = requests.get(APP + "/state", params={"sid": SID}, headers=AUTH, timeout=60)
r.raise_for_status()
state = r.json()["stored_state"]
if state is None:
    sys.exit("no task state in this session: run initial_setup.py first")
for keys, op, value in PATCH:
    node = state
    for key in keys[:-1]:
        node = node[key]
    if op == "delete":
        node.pop(keys[-1], None)
    else:
        node[keys[-1]] = value
r = requests.post(
    APP + "/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": "set_current", "state": state},
    timeout=60,
)
if r.status_code != 200:
    print(r.status_code, r.text[:2000], file=sys.stderr)
    sys.exit(1)
