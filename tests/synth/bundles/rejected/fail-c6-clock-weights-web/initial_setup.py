"""initial_setup.py for team-chat--react-to-message--2: inject the task's whole world."""
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
APP = HUB + "/team-chat"

STATE = json.loads(r'''{
 "channels": {
  "c-customer-feedback": {
   "archived": false,
   "createdAt": "2025-01-13T09:30:00Z",
   "createdBy": "u-sofia",
   "id": "c-customer-feedback",
   "isPrivate": false,
   "members": [
    "u-sofia",
    "u-liam",
    "u-maya",
    "u-amara",
    "u-sam",
    "u-kenji"
   ],
   "name": "customer-feedback",
   "purpose": "Share what customers tell us, tag the product area.",
   "topic": "Quotes and requests straight from customers"
  },
  "c-design": {
   "archived": false,
   "createdAt": "2024-09-30T10:05:00Z",
   "createdBy": "u-amara",
   "id": "c-design",
   "isPrivate": false,
   "members": [
    "u-amara",
    "u-jonah",
    "u-maya",
    "u-elena"
   ],
   "name": "design",
   "purpose": "Design critiques, prototypes and the component library.",
   "topic": "Dock scheduler redesign - feedback by Wednesday"
  },
  "c-engineering": {
   "archived": false,
   "createdAt": "2024-09-09T15:20:00Z",
   "createdBy": "u-tomas",
   "id": "c-engineering",
   "isPrivate": false,
   "members": [
    "u-tomas",
    "u-priya",
    "u-jonah",
    "u-kenji",
    "u-arjun",
    "u-maya"
   ],
   "name": "engineering",
   "purpose": "Engineering discussion, reviews and release coordination.",
   "topic": "Sprint 14 ends Fri Mar 14 - on call: @arjun.mehta"
  },
  "c-general": {
   "archived": false,
   "createdAt": "2024-09-02T16:00:00Z",
   "createdBy": "u-sam",
   "id": "c-general",
   "isPrivate": false,
   "members": [
    "u-sam",
    "u-maya",
    "u-tomas",
    "u-priya",
    "u-jonah",
    "u-amara",
    "u-liam",
    "u-sofia",
    "u-kenji",
    "u-rachel",
    "u-arjun",
    "u-elena"
   ],
   "name": "general",
   "purpose": "Announcements and work-based matters for the whole company.",
   "topic": "Company-wide announcements. Q1 all-hands: Thu Mar 6, 17:00 UTC"
  },
  "c-incidents": {
   "archived": false,
   "createdAt": "2025-02-18T06:45:00Z",
   "createdBy": "u-arjun",
   "id": "c-incidents",
   "isPrivate": false,
   "members": [
    "u-arjun",
    "u-priya",
    "u-tomas",
    "u-jonah"
   ],
   "name": "incidents",
   "purpose": "Production alerts and incident coordination. Post a summary when resolved.",
   "topic": "No open incidents"
  },
  "c-leadership": {
   "archived": false,
   "createdAt": "2024-09-03T18:00:00Z",
   "createdBy": "u-sam",
   "id": "c-leadership",
   "isPrivate": true,
   "members": [
    "u-sam",
    "u-maya",
    "u-tomas",
    "u-rachel"
   ],
   "name": "leadership",
   "purpose": "Leadership team planning. Private.",
   "topic": "Weekly sync Mondays 16:00 UTC"
  },
  "c-offsite-2024": {
   "archived": true,
   "createdAt": "2025-06-02T17:00:00Z",
   "createdBy": "u-rachel",
   "id": "c-offsite-2024",
   "isPrivate": false,
   "members": [
    "u-rachel",
    "u-sam",
    "u-maya",
    "u-jonah",
    "u-amara",
    "u-elena",
    "u-liam"
   ],
   "name": "offsite-2024",
   "purpose": "Planning the 2024 team offsite.",
   "topic": "Lisbon, Oct 14-16 - thanks everyone!"
  },
  "c-random": {
   "archived": false,
   "createdAt": "2024-09-02T16:01:00Z",
   "createdBy": "u-sam",
   "id": "c-random",
   "isPrivate": false,
   "members": [
    "u-sam",
    "u-maya",
    "u-tomas",
    "u-priya",
    "u-jonah",
    "u-amara",
    "u-liam",
    "u-sofia",
    "u-kenji",
    "u-arjun",
    "u-elena"
   ],
   "name": "random",
   "purpose": "A place for non-work banter and water-cooler conversation.",
   "topic": "Lunch spots, pets, and everything else"
  }
 },
 "currentUser": "u-rachel",
 "dms": {
  "d-amara-jonah": {
   "createdAt": "2024-10-31T11:30:00Z",
   "id": "d-amara-jonah",
   "members": [
    "u-amara",
    "u-jonah"
   ]
  },
  "d-amara-jonah-maya": {
   "createdAt": "2025-05-20T16:10:00Z",
   "id": "d-amara-jonah-maya",
   "members": [
    "u-maya",
    "u-amara",
    "u-jonah"
   ]
  },
  "d-jonah-priya": {
   "createdAt": "2024-10-10T14:00:00Z",
   "id": "d-jonah-priya",
   "members": [
    "u-jonah",
    "u-priya"
   ]
  },
  "d-jonah-tomas": {
   "createdAt": "2024-09-10T15:00:00Z",
   "id": "d-jonah-tomas",
   "members": [
    "u-tomas",
    "u-jonah"
   ]
  },
  "d-maya-sam": {
   "createdAt": "2024-09-02T16:30:00Z",
   "id": "d-maya-sam",
   "members": [
    "u-sam",
    "u-maya"
   ]
  },
  "d-priya-rachel": {
   "createdAt": "2026-03-02T18:45:00Z",
   "id": "d-priya-rachel",
   "members": [
    "u-rachel",
    "u-priya"
   ]
  },
  "d-rachel-tomas": {
   "createdAt": "2026-02-27T18:45:00Z",
   "id": "d-rachel-tomas",
   "members": [
    "u-rachel",
    "u-tomas"
   ]
  }
 },
 "messages": {
  "c-customer-feedback": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0095",
    "pinned": false,
    "reactions": [
     {
      "emoji": "eyes",
      "users": [
       "u-maya"
      ]
     },
     {
      "emoji": "thumbsup",
      "users": [
       "u-liam"
      ]
     }
    ],
    "sender": "u-sofia",
    "text": "Harbor Freightways: \"We need to edit 50 appointments at once when a carrier cancels.\" That's the third request for bulk edit this month.",
    "threadParent": null,
    "ts": "2026-03-02T10:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0096",
    "pinned": false,
    "reactions": [],
    "sender": "u-liam",
    "text": "Prospect at Bayline Distribution asked whether we integrate with their yard management system. Anyone know?",
    "threadParent": null,
    "ts": "2026-03-02T18:15:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0097",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Not natively. The public API covers it, and the carrier portal beta adds webhooks.",
    "threadParent": "m-0096",
    "ts": "2026-03-02T18:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0098",
    "pinned": false,
    "reactions": [],
    "sender": "u-liam",
    "text": "Thanks, that's enough for the next call.",
    "threadParent": "m-0096",
    "ts": "2026-03-02T18:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0099",
    "pinned": false,
    "reactions": [
     {
      "emoji": "heart",
      "users": [
       "u-maya",
       "u-sam",
       "u-amara"
      ]
     }
    ],
    "sender": "u-sofia",
    "text": "Meridian Cold Storage loves the new slot search speed. Quote: \"It finally feels instant.\"",
    "threadParent": null,
    "ts": "2026-03-03T11:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0102",
    "pinned": false,
    "reactions": [],
    "sender": "u-sam",
    "text": "Yes please, it's a cheap win.",
    "threadParent": null,
    "ts": "2026-03-04T15:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0103",
    "pinned": false,
    "reactions": [],
    "sender": "u-sofia",
    "text": "Portside Logistics onboarding kickoff is next Tuesday. They import from spreadsheets, so the import v2 timing is perfect.",
    "threadParent": null,
    "ts": "2026-03-05T08:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0104",
    "pinned": false,
    "reactions": [],
    "sender": "u-liam",
    "text": "Heads-up: a prospect compared our pricing page to a competitor's and found ours confusing. Elena, can we review the tiers table?",
    "threadParent": null,
    "ts": "2026-03-05T19:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0105",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Summarised this week's feedback in the product board: bulk edit and print view are the top two.",
    "threadParent": null,
    "ts": "2026-03-06T10:30:00Z"
   }
  ],
  "c-design": [
   {
    "attachments": [
     {
      "contentType": "image/png",
      "name": "dock-scheduler-v3.png",
      "size": 2239,
      "url": "/team-chat/static/seed-files/dock-scheduler-v3.png"
     }
    ],
    "edited": false,
    "editedAt": null,
    "id": "m-0082",
    "pinned": false,
    "reactions": [
     {
      "emoji": "heart",
      "users": [
       "u-jonah",
       "u-maya"
      ]
     },
     {
      "emoji": "eyes",
      "users": [
       "u-elena"
      ]
     }
    ],
    "sender": "u-amara",
    "text": "Dock scheduler v3 mockup is ready for critique. Main changes: bigger slot targets, carrier colour coding, and a compact day view.",
    "threadParent": null,
    "ts": "2026-03-02T11:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0083",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Love the compact view. Are the colours colour-blind safe? Red and green slots sit next to each other.",
    "threadParent": "m-0082",
    "ts": "2026-03-02T13:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0084",
    "pinned": false,
    "reactions": [],
    "sender": "u-amara",
    "text": "Good catch, I'll add patterns as a second cue.",
    "threadParent": "m-0082",
    "ts": "2026-03-02T13:55:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0085",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Can we make 'today' more obvious? Users get lost when scrolling weeks.",
    "threadParent": "m-0082",
    "ts": "2026-03-02T17:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0086",
    "pinned": false,
    "reactions": [],
    "sender": "u-elena",
    "text": "For the webinar I need three clean screenshots of the new scheduler. Any chance of getting them by the 14th?",
    "threadParent": null,
    "ts": "2026-03-03T09:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0087",
    "pinned": false,
    "reactions": [],
    "sender": "u-amara",
    "text": "Yes, I'll export them from the prototype.",
    "threadParent": null,
    "ts": "2026-03-03T10:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0088",
    "pinned": false,
    "reactions": [
     {
      "emoji": "raised_hands",
      "users": [
       "u-jonah",
       "u-elena"
      ]
     }
    ],
    "sender": "u-amara",
    "text": "Updated the component library: new date picker, toast, and empty-state illustrations.",
    "threadParent": null,
    "ts": "2026-03-04T10:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0089",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "The date picker's focus ring disappears in dark mode, I'll file it.",
    "threadParent": null,
    "ts": "2026-03-04T13:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0090",
    "pinned": false,
    "reactions": [
     {
      "emoji": "white_check_mark",
      "users": [
       "u-amara",
       "u-jonah"
      ]
     }
    ],
    "sender": "u-maya",
    "text": "Design review went well. Decision: ship compact day view first, week view in sprint 15.",
    "threadParent": null,
    "ts": "2026-03-04T18:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0091",
    "pinned": false,
    "reactions": [
     {
      "emoji": "joy",
      "users": [
       "u-jonah"
      ]
     }
    ],
    "sender": "u-amara",
    "text": "Icon set refresh is in the library too. Please stop using the old truck icon 🙏",
    "threadParent": null,
    "ts": "2026-03-05T12:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0092",
    "pinned": false,
    "reactions": [],
    "sender": "u-elena",
    "text": "Brand guidelines v2 draft is ready: typography and tone of voice sections are new.",
    "threadParent": null,
    "ts": "2026-03-05T14:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0093",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Implemented the patterns for carrier colours, looks great in the grid.",
    "threadParent": null,
    "ts": "2026-03-06T10:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0094",
    "pinned": false,
    "reactions": [
     {
      "emoji": "fire",
      "users": [
       "u-jonah",
       "u-maya"
      ]
     }
    ],
    "sender": "u-amara",
    "text": "Perfect! Sharing the updated prototype link in the team space this afternoon.",
    "threadParent": null,
    "ts": "2026-03-06T11:30:00Z"
   }
  ],
  "c-engineering": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0045",
    "pinned": true,
    "reactions": [
     {
      "emoji": "thumbsup",
      "users": [
       "u-priya",
       "u-jonah",
       "u-arjun"
      ]
     }
    ],
    "sender": "u-tomas",
    "text": "Sprint 14 kickoff notes: goals are (1) CSV import v2 behind a flag, (2) dock scheduler drag-and-drop, (3) p95 API latency under 300 ms.",
    "threadParent": null,
    "ts": "2026-03-02T14:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0046",
    "pinned": false,
    "reactions": [
     {
      "emoji": "eyes",
      "users": [
       "u-tomas",
       "u-kenji"
      ]
     }
    ],
    "sender": "u-priya",
    "text": "Import v2 design doc is ready for review. Main change: we stream rows instead of loading the whole file, so 200k-row imports stop timing out.",
    "threadParent": null,
    "ts": "2026-03-02T15:02:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0047",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Read it, looks solid. What happens to a row that fails validation halfway through the stream?",
    "threadParent": "m-0046",
    "ts": "2026-03-02T15:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0048",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "It goes to a rejects file the user can download; the rest of the import continues.",
    "threadParent": "m-0046",
    "ts": "2026-03-02T15:52:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0049",
    "pinned": false,
    "reactions": [],
    "sender": "u-kenji",
    "text": "Could we log the rejection reasons? Useful for understanding data quality per customer.",
    "threadParent": "m-0046",
    "ts": "2026-03-02T16:15:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0050",
    "pinned": false,
    "reactions": [
     {
      "emoji": "white_check_mark",
      "users": [
       "u-kenji"
      ]
     }
    ],
    "sender": "u-priya",
    "text": "Good idea, adding a reason column.",
    "threadParent": "m-0046",
    "ts": "2026-03-02T16:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0051",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "PR for the scheduler grid is up: virtualised rows, keyboard navigation between slots. Screenshots in the description.",
    "threadParent": null,
    "ts": "2026-03-02T19:12:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0052",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Reviewing tonight.",
    "threadParent": null,
    "ts": "2026-03-02T20:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0054",
    "pinned": false,
    "reactions": [],
    "sender": "u-kenji",
    "text": "Is there a read replica I can query for the forecasting prototype? Don't want to load the primary.",
    "threadParent": null,
    "ts": "2026-03-03T06:30:00Z"
   },
   {
    "attachments": [],
    "edited": true,
    "editedAt": "2026-03-03T10:26:00Z",
    "id": "m-0056",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Heads-up: I'm bumping the ORM to the new minor version in import-v2. Changelog looks harmless but shout if you see weird query plans.",
    "threadParent": null,
    "ts": "2026-03-03T10:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0057",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Anyone else seeing flaky tests in scheduler/drag_test? Fails about 1 in 10 runs on CI.",
    "threadParent": null,
    "ts": "2026-03-03T14:48:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0058",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Yes, saw it twice yesterday.",
    "threadParent": "m-0057",
    "ts": "2026-03-03T15:01:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0059",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "CI runners moved to a smaller machine type last week, timing-sensitive tests might be the victim.",
    "threadParent": "m-0057",
    "ts": "2026-03-03T15:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0060",
    "pinned": false,
    "reactions": [
     {
      "emoji": "raised_hands",
      "users": [
       "u-tomas",
       "u-arjun"
      ]
     }
    ],
    "sender": "u-jonah",
    "text": "Found it: the test waited on an animation frame. Fixed with a fake clock, PR #1182.",
    "threadParent": "m-0057",
    "ts": "2026-03-03T16:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0061",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Product question: can the scheduler show carrier names on the slot itself, or only on hover?",
    "threadParent": null,
    "ts": "2026-03-03T17:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0062",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "On the slot if it's at least 30 minutes tall, hover otherwise. Amara has mocks for both.",
    "threadParent": null,
    "ts": "2026-03-03T17:25:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0063",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Release 2.14.0 cut. Changelog draft in the release doc, please add your items by end of day.",
    "threadParent": null,
    "ts": "2026-03-04T14:15:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0064",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Added the import fixes.",
    "threadParent": "m-0063",
    "ts": "2026-03-04T14:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0065",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Added scheduler keyboard navigation and the flaky test fix.",
    "threadParent": "m-0063",
    "ts": "2026-03-04T15:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0066",
    "pinned": false,
    "reactions": [
     {
      "emoji": "eyes",
      "users": [
       "u-tomas",
       "u-priya",
       "u-maya"
      ]
     }
    ],
    "sender": "u-arjun",
    "text": "p95 latency dashboard is live. We're at 340 ms; the slowest endpoint is /api/slots/search at 1.2 s.",
    "threadParent": null,
    "ts": "2026-03-04T16:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0067",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "That endpoint does an N+1 on carriers. I can fix it tomorrow.",
    "threadParent": null,
    "ts": "2026-03-04T16:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0068",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Please do, that alone should bring us under 300.",
    "threadParent": null,
    "ts": "2026-03-04T16:22:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0069",
    "pinned": false,
    "reactions": [
     {
      "emoji": "fire",
      "users": [
       "u-maya",
       "u-tomas"
      ]
     },
     {
      "emoji": "100",
      "users": [
       "u-maya"
      ]
     }
    ],
    "sender": "u-kenji",
    "text": "Forecasting prototype: weekly dock utilisation predicted within 8% on last quarter's data. Notebook link in the thread.",
    "threadParent": null,
    "ts": "2026-03-05T03:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0072",
    "pinned": false,
    "reactions": [
     {
      "emoji": "tada",
      "users": [
       "u-tomas",
       "u-arjun",
       "u-jonah",
       "u-maya"
      ]
     }
    ],
    "sender": "u-priya",
    "text": "N+1 fix merged. /api/slots/search is at 180 ms on staging.",
    "threadParent": null,
    "ts": "2026-03-05T11:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0070",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "This is great. Can we show it to two pilot customers?",
    "threadParent": "m-0069",
    "ts": "2026-03-05T14:02:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0071",
    "pinned": false,
    "reactions": [],
    "sender": "u-kenji",
    "text": "Yes, after I add confidence intervals.",
    "threadParent": "m-0069",
    "ts": "2026-03-05T14:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0074",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Scheduler drag-and-drop is merged behind the `dock_dnd` flag.",
    "threadParent": null,
    "ts": "2026-03-05T21:15:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0075",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Deploying 2.14.0 to production at 13:00 UTC.",
    "threadParent": null,
    "ts": "2026-03-06T04:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0077",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Import v2 flag enabled for our internal workspace. Please try importing something big and tell me what breaks.",
    "threadParent": null,
    "ts": "2026-03-06T14:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0078",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Retro on Monday, please add your notes to the board.",
    "threadParent": null,
    "ts": "2026-03-06T16:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0079",
    "pinned": false,
    "reactions": [],
    "sender": "u-kenji",
    "text": "Confidence intervals are in the forecasting notebook. Tomás, can we demo it at Monday's retro?",
    "threadParent": null,
    "ts": "2026-03-06T17:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0080",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Yes, take 10 minutes at the end.",
    "threadParent": "m-0079",
    "ts": "2026-03-06T17:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0081",
    "pinned": false,
    "reactions": [
     {
      "emoji": "thumbsup",
      "users": [
       "u-priya",
       "u-tomas"
      ]
     }
    ],
    "sender": "u-arjun",
    "text": "Weekend on-call handover: @priya.nair takes over from Saturday 00:00 UTC. Runbook link is pinned in #incidents.",
    "threadParent": null,
    "ts": "2026-03-06T18:30:00Z"
   }
  ],
  "c-general": [
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
     }
    ],
    "sender": "u-liam",
    "text": "Rotterdam go-live moved to the 24th, the new scanners arrive on the 20th.",
    "threadParent": null,
    "ts": "2026-03-06T18:54:00Z"
   }
  ],
  "c-incidents": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0107",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Alert: elevated 5xx on the slots API (2.1%). Investigating.",
    "threadParent": null,
    "ts": "2026-03-03T03:12:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0108",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Root cause: one API node ran out of disk because of verbose logging. Rotated logs, node recovered.",
    "threadParent": "m-0107",
    "ts": "2026-03-03T03:20:00Z"
   },
   {
    "attachments": [],
    "edited": true,
    "editedAt": "2026-03-03T03:50:00Z",
    "id": "m-0111",
    "pinned": false,
    "reactions": [
     {
      "emoji": "white_check_mark",
      "users": [
       "u-tomas",
       "u-priya",
       "u-jonah"
      ]
     }
    ],
    "sender": "u-arjun",
    "text": "Resolved. 5xx back to baseline. Summary: disk full on api-3, 14 minutes of degraded service, no data loss.",
    "threadParent": null,
    "ts": "2026-03-03T03:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0109",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Thanks Arjun. Should we cap log volume per node?",
    "threadParent": "m-0107",
    "ts": "2026-03-03T07:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0110",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Yes, adding a size limit to the logging config today.",
    "threadParent": "m-0107",
    "ts": "2026-03-03T07:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0112",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Postmortem for the api-3 disk issue is on Thursday, 15:00 UTC.",
    "threadParent": null,
    "ts": "2026-03-03T14:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0113",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Postmortem notes are in the incidents folder. Action items assigned.",
    "threadParent": null,
    "ts": "2026-03-05T15:55:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0114",
    "pinned": true,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Heads-up: certificate for the carrier portal staging domain expires in 7 days. Renewal is scheduled for Monday.",
    "threadParent": null,
    "ts": "2026-03-06T02:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0115",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Runbook updated with the log size limits from the postmortem.",
    "threadParent": null,
    "ts": "2026-03-06T18:45:00Z"
   }
  ],
  "c-leadership": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0116",
    "pinned": false,
    "reactions": [],
    "sender": "u-sam",
    "text": "Agenda for today: Q1 hiring plan, pricing review, offsite 2025 location.",
    "threadParent": null,
    "ts": "2026-03-02T16:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0117",
    "pinned": false,
    "reactions": [],
    "sender": "u-rachel",
    "text": "Hiring: two backend roles and one designer approved. Job posts go live next week.",
    "threadParent": null,
    "ts": "2026-03-02T16:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0118",
    "pinned": false,
    "reactions": [
     {
      "emoji": "thumbsup",
      "users": [
       "u-sam",
       "u-tomas"
      ]
     }
    ],
    "sender": "u-maya",
    "text": "Pricing: Liam reports confusion about tiers. Proposal to simplify from four tiers to three.",
    "threadParent": null,
    "ts": "2026-03-02T16:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0120",
    "pinned": false,
    "reactions": [],
    "sender": "u-sam",
    "text": "Board meeting prep: I need the Q1 metrics by March 20.",
    "threadParent": null,
    "ts": "2026-03-04T17:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0121",
    "pinned": false,
    "reactions": [],
    "sender": "u-rachel",
    "text": "Offsite 2025 shortlist: Porto, Ljubljana, Valencia. Poll in the thread.",
    "threadParent": null,
    "ts": "2026-03-05T17:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0122",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Porto!",
    "threadParent": "m-0121",
    "ts": "2026-03-05T17:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0123",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Valencia, easier flights from the US.",
    "threadParent": "m-0121",
    "ts": "2026-03-05T18:00:00Z"
   }
  ],
  "c-offsite-2024": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0124",
    "pinned": false,
    "reactions": [],
    "sender": "u-rachel",
    "text": "Last call for Lisbon photos for the offsite album! Upload them by Friday, after that this channel will be archived.",
    "threadParent": null,
    "ts": "2026-03-02T09:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0125",
    "pinned": false,
    "reactions": [
     {
      "emoji": "heart",
      "users": [
       "u-rachel",
       "u-elena"
      ]
     }
    ],
    "sender": "u-amara",
    "text": "Uploaded mine. Still thinking about those pastéis de nata.",
    "threadParent": null,
    "ts": "2026-03-02T09:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0126",
    "pinned": false,
    "reactions": [],
    "sender": "u-liam",
    "text": "Added the boat trip ones. Thanks again for organising, Rachel.",
    "threadParent": null,
    "ts": "2026-03-02T12:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0127",
    "pinned": false,
    "reactions": [
     {
      "emoji": "tada",
      "users": [
       "u-sam",
       "u-maya",
       "u-jonah"
      ]
     }
    ],
    "sender": "u-rachel",
    "text": "The album is complete. Archiving this channel now, see you all at the next one!",
    "threadParent": null,
    "ts": "2026-03-03T17:00:00Z"
   }
  ],
  "c-random": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0028",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Anyone tried the new ramen place on 3rd street?",
    "threadParent": null,
    "ts": "2026-03-02T13:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0029",
    "pinned": false,
    "reactions": [
     {
      "emoji": "fire",
      "users": [
       "u-jonah",
       "u-elena"
      ]
     }
    ],
    "sender": "u-amara",
    "text": "Yes! Get the spicy miso. Thank me later.",
    "threadParent": null,
    "ts": "2026-03-02T13:09:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0030",
    "pinned": false,
    "reactions": [],
    "sender": "u-elena",
    "text": "Adding it to the list for Friday team lunch.",
    "threadParent": null,
    "ts": "2026-03-02T13:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0031",
    "pinned": false,
    "reactions": [
     {
      "emoji": "joy",
      "users": [
       "u-jonah",
       "u-amara",
       "u-arjun",
       "u-tomas",
       "u-kenji"
      ]
     }
    ],
    "sender": "u-priya",
    "text": "My cat just walked across the keyboard and pushed a commit. Reviewing it now, it's honestly cleaner than mine.",
    "threadParent": null,
    "ts": "2026-03-03T08:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0032",
    "pinned": false,
    "reactions": [],
    "sender": "u-arjun",
    "text": "Photo or it didn't happen",
    "threadParent": null,
    "ts": "2026-03-03T09:02:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0033",
    "pinned": false,
    "reactions": [],
    "sender": "u-liam",
    "text": "Flight delayed four hours in Denver. Airport coffee ranking thread, go.",
    "threadParent": null,
    "ts": "2026-03-03T19:40:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0034",
    "pinned": false,
    "reactions": [],
    "sender": "u-sofia",
    "text": "Sunrise over the archipelago on my run this morning. Sweden is slowly remembering what the sun looks like.",
    "threadParent": null,
    "ts": "2026-03-04T07:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0035",
    "pinned": false,
    "reactions": [
     {
      "emoji": "heart",
      "users": [
       "u-sofia",
       "u-amara"
      ]
     }
    ],
    "sender": "u-kenji",
    "text": "Cherry blossom forecast for Tokyo just came out: March 24.",
    "threadParent": null,
    "ts": "2026-03-04T10:15:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0036",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Book club: we're reading 'The Goal' next month. Appropriately on-brand for a logistics company.",
    "threadParent": null,
    "ts": "2026-03-04T22:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0037",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Who left a birthday cake in the kitchen? Asking for a friend (me, I want cake).",
    "threadParent": null,
    "ts": "2026-03-05T20:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0039",
    "pinned": false,
    "reactions": [
     {
      "emoji": "tada",
      "users": [
       "u-amara",
       "u-maya"
      ]
     }
    ],
    "sender": "u-jonah",
    "text": "Happy birthday Elena!",
    "threadParent": null,
    "ts": "2026-03-06T12:01:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0040",
    "pinned": false,
    "reactions": [],
    "sender": "u-amara",
    "text": "Lunch order for today closes at 11:30 local, link in the thread.",
    "threadParent": null,
    "ts": "2026-03-06T12:30:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0041",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Missed it, I'll bring my own 😅",
    "threadParent": "m-0040",
    "ts": "2026-03-06T12:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0042",
    "pinned": false,
    "reactions": [
     {
      "emoji": "heart",
      "users": [
       "u-rachel",
       "u-amara",
       "u-sofia"
      ]
     }
    ],
    "sender": "u-elena",
    "text": "Thank you all, the cake was amazing ❤️",
    "threadParent": null,
    "ts": "2026-03-06T15:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0043",
    "pinned": false,
    "reactions": [
     {
      "emoji": "heart",
      "users": [
       "u-sofia"
      ]
     }
    ],
    "sender": "u-kenji",
    "text": "Weekend plans: finally trying the onsen everyone keeps recommending.",
    "threadParent": null,
    "ts": "2026-03-06T16:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0044",
    "pinned": false,
    "reactions": [],
    "sender": "u-sofia",
    "text": "Enjoy! Report back with photos.",
    "threadParent": null,
    "ts": "2026-03-06T16:20:00Z"
   }
  ],
  "d-amara-jonah": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0132",
    "pinned": false,
    "reactions": [],
    "sender": "u-amara",
    "text": "Do you have ten minutes to look at the slot hover states together?",
    "threadParent": null,
    "ts": "2026-03-04T11:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0133",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Sure, now works.",
    "threadParent": null,
    "ts": "2026-03-04T11:02:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0134",
    "pinned": false,
    "reactions": [],
    "sender": "u-amara",
    "text": "Thanks, that was super helpful. Sending the updated file soon.",
    "threadParent": null,
    "ts": "2026-03-04T11:40:00Z"
   }
  ],
  "d-amara-jonah-maya": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0138",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Quick sync on the print view idea: Amara, can you sketch it and Jonah estimate the effort?",
    "threadParent": null,
    "ts": "2026-03-04T19:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0139",
    "pinned": false,
    "reactions": [],
    "sender": "u-amara",
    "text": "Sketch by Monday.",
    "threadParent": null,
    "ts": "2026-03-04T19:10:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0140",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "I'll take a look once I've seen the sketch.",
    "threadParent": null,
    "ts": "2026-03-04T19:15:00Z"
   }
  ],
  "d-jonah-priya": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0128",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Hey Priya, does the import v2 API return row errors in the same shape as v1? I'm wiring up the progress UI.",
    "threadParent": null,
    "ts": "2026-03-03T14:20:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0129",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Almost: v2 adds a `reason` field and a `line` number. I'll send you a sample payload.",
    "threadParent": null,
    "ts": "2026-03-03T14:35:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0130",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Perfect, thanks!",
    "threadParent": null,
    "ts": "2026-03-03T14:36:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0131",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Sample payload is in the repo under fixtures/import_v2_errors.json. Let me know if the progress UI needs anything else.",
    "threadParent": null,
    "ts": "2026-03-06T14:10:00Z"
   }
  ],
  "d-jonah-tomas": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0135",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "1:1 moved to Wednesday this week, is that ok?",
    "threadParent": null,
    "ts": "2026-03-02T17:00:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0136",
    "pinned": false,
    "reactions": [],
    "sender": "u-jonah",
    "text": "Works for me.",
    "threadParent": null,
    "ts": "2026-03-02T17:05:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0137",
    "pinned": false,
    "reactions": [
     {
      "emoji": "pray",
      "users": [
       "u-jonah"
      ]
     }
    ],
    "sender": "u-tomas",
    "text": "Great job on the flaky test hunt, that was bugging everyone.",
    "threadParent": null,
    "ts": "2026-03-04T16:30:00Z"
   }
  ],
  "d-maya-sam": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0142",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Yes, draft by next Friday.",
    "threadParent": null,
    "ts": "2026-03-03T18:10:00Z"
   }
  ],
  "d-priya-rachel": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0145",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Could you share the notes from the customer call?",
    "threadParent": null,
    "ts": "2026-03-02T20:02:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0146",
    "pinned": false,
    "reactions": [],
    "sender": "u-rachel",
    "text": "Posted them in the shared folder.",
    "threadParent": null,
    "ts": "2026-03-02T20:10:00Z"
   }
  ],
  "d-rachel-tomas": [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0143",
    "pinned": false,
    "reactions": [],
    "sender": "u-tomas",
    "text": "Do you have a minute to look at the dock report?",
    "threadParent": null,
    "ts": "2026-02-27T22:25:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0144",
    "pinned": false,
    "reactions": [],
    "sender": "u-rachel",
    "text": "Sure, sending comments in 10.",
    "threadParent": null,
    "ts": "2026-02-27T22:37:00Z"
   }
  ]
 },
 "ui": {
  "lastConversation": null,
  "lastViewedAt": {
   "u-rachel": {
    "c-general": "2026-03-06T18:49:00Z",
    "c-leadership": "2026-03-05T17:30:00Z",
    "d-priya-rachel": "2026-03-02T20:10:00Z",
    "d-rachel-tomas": "2026-02-27T22:37:00Z"
   }
  }
 },
 "users": {
  "u-amara": {
   "avatarColor": "#be185d",
   "displayName": "Amara Okafor",
   "email": "amara.okafor@copperline.example",
   "id": "u-amara",
   "isAdmin": false,
   "name": "amara.okafor",
   "statusText": "Prototyping",
   "timezone": "Europe/London",
   "title": "Product Designer"
  },
  "u-arjun": {
   "avatarColor": "#4d7c0f",
   "displayName": "Arjun Mehta",
   "email": "arjun.mehta@copperline.example",
   "id": "u-arjun",
   "isAdmin": false,
   "name": "arjun.mehta",
   "statusText": "On call this week",
   "timezone": "Asia/Kolkata",
   "title": "DevOps Engineer"
  },
  "u-elena": {
   "avatarColor": "#db2777",
   "displayName": "Elena Rossi",
   "email": "elena.rossi@copperline.example",
   "id": "u-elena",
   "isAdmin": false,
   "name": "elena.rossi",
   "statusText": "",
   "timezone": "Europe/Rome",
   "title": "Marketing Manager"
  },
  "u-jonah": {
   "avatarColor": "#2563eb",
   "displayName": "Jonah Weiss",
   "email": "jonah.weiss@copperline.example",
   "id": "u-jonah",
   "isAdmin": false,
   "name": "jonah.weiss",
   "statusText": "",
   "timezone": "America/New_York",
   "title": "Frontend Engineer"
  },
  "u-kenji": {
   "avatarColor": "#0369a1",
   "displayName": "Kenji Tanaka",
   "email": "kenji.tanaka@copperline.example",
   "id": "u-kenji",
   "isAdmin": false,
   "name": "kenji.tanaka",
   "statusText": "",
   "timezone": "Asia/Tokyo",
   "title": "Data Scientist"
  },
  "u-liam": {
   "avatarColor": "#15803d",
   "displayName": "Liam O'Connor",
   "email": "liam.oconnor@copperline.example",
   "id": "u-liam",
   "isAdmin": false,
   "name": "liam.oconnor",
   "statusText": "On the road - slow replies",
   "timezone": "America/New_York",
   "title": "Sales Lead"
  },
  "u-maya": {
   "avatarColor": "#c2410c",
   "displayName": "Maya Chen",
   "email": "maya.chen@copperline.example",
   "id": "u-maya",
   "isAdmin": true,
   "name": "maya.chen",
   "statusText": "Roadmap reviews all week",
   "timezone": "America/Los_Angeles",
   "title": "Head of Product"
  },
  "u-priya": {
   "avatarColor": "#b45309",
   "displayName": "Priya Nair",
   "email": "priya.nair@copperline.example",
   "id": "u-priya",
   "isAdmin": false,
   "name": "priya.nair",
   "statusText": "Heads down on the import pipeline",
   "timezone": "Europe/London",
   "title": "Senior Backend Engineer"
  },
  "u-rachel": {
   "avatarColor": "#a16207",
   "displayName": "Rachel Adeyemi",
   "email": "rachel.adeyemi@copperline.example",
   "id": "u-rachel",
   "isAdmin": false,
   "name": "rachel.adeyemi",
   "statusText": "Out Friday",
   "timezone": "America/Los_Angeles",
   "title": "People Operations Lead"
  },
  "u-sam": {
   "avatarColor": "#7a4fb5",
   "displayName": "Sam Fischer",
   "email": "sam.fischer@copperline.example",
   "id": "u-sam",
   "isAdmin": true,
   "name": "sam.fischer",
   "statusText": "",
   "timezone": "America/Los_Angeles",
   "title": "CEO & Co-founder"
  },
  "u-sofia": {
   "avatarColor": "#9333ea",
   "displayName": "Sofia Lindqvist",
   "email": "sofia.lindqvist@copperline.example",
   "id": "u-sofia",
   "isAdmin": false,
   "name": "sofia.lindqvist",
   "statusText": "",
   "timezone": "Europe/Stockholm",
   "title": "Customer Success Manager"
  },
  "u-tomas": {
   "avatarColor": "#0f766e",
   "displayName": "Tomás Reyes",
   "email": "tomas.reyes@copperline.example",
   "id": "u-tomas",
   "isAdmin": false,
   "name": "tomas.reyes",
   "statusText": "",
   "timezone": "America/Chicago",
   "title": "Engineering Manager"
  }
 },
 "workspace": {
  "name": "Copperline Transit",
  "slug": "copperline"
 }
}''')

r = requests.post(
    APP + "/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": "set", "state": STATE},
    timeout=60,
)
if r.status_code != 200:
    print(r.status_code, r.text[:2000], file=sys.stderr)
    sys.exit(1)
print(json.dumps(r.json()))
