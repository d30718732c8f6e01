"""The seed's conversations, written as literal data (see ``_seed``).

Times are ``MM-DD HH:MM`` in March 2025, UTC. Users are referred to by short name (``maya`` is
``u-maya``). Replies nest under their parent; the builder flattens and orders them by time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["CONVERSATIONS", "SeedMessage"]


@dataclass(frozen=True)
class SeedMessage:
    who: str
    when: str
    text: str
    react: dict[str, list[str]] = field(default_factory=dict)
    replies: list[SeedMessage] = field(default_factory=list)
    edited: str | None = None
    files: list[dict[str, str | int]] = field(default_factory=list)
    pinned: bool = False


M = SeedMessage
_FILES = "/team-chat/static/seed-files"
ROADMAP: dict[str, str | int] = {
    "name": "q1-roadmap.pdf",
    "url": f"{_FILES}/q1-roadmap.pdf",
    "size": 840,
    "contentType": "application/pdf",
}
MOCKUP: dict[str, str | int] = {
    "name": "dock-scheduler-v3.png",
    "url": f"{_FILES}/dock-scheduler-v3.png",
    "size": 2239,
    "contentType": "image/png",
}
COHORTS: dict[str, str | int] = {
    "name": "churn-cohorts-feb.csv",
    "url": f"{_FILES}/churn-cohorts-feb.csv",
    "size": 186,
    "contentType": "text/csv",
}

GENERAL = [
    M(
        "sam",
        "03-03 14:02",
        "Good morning everyone! Quick reminder that the Q1 all-hands is "
        "this Thursday at 17:00 UTC. Agenda and the dial-in are in the calendar invite.",
        react={"thumbsup": ["maya", "tomas", "priya", "elena"], "eyes": ["jonah"]},
        pinned=True,
        replies=[
            M("rachel", "03-03 14:10", "I'll record it for the folks in Tokyo and Kolkata."),
            M(
                "kenji",
                "03-03 14:31",
                "Thank you! 2am is a bit early for me :)",
                react={"joy": ["arjun", "rachel"]},
            ),
        ],
    ),
    M(
        "rachel",
        "03-03 15:20",
        "Welcome to our newest Larkspurian, Kenji Tanaka! Kenji joins the "
        "data team from Tokyo and will be working on forecasting. Say hi 👋",
        react={
            "tada": ["sam", "maya", "jonah", "amara", "sofia", "liam"],
            "raised_hands": ["priya", "elena"],
        },
    ),
    M(
        "kenji",
        "03-03 15:34",
        "Thanks Rachel, happy to be here. Looking forward to meeting everyone at the all-hands.",
    ),
    M(
        "maya",
        "03-03 16:05",
        "The Q1 roadmap is final. Big themes: dock scheduling, the CSV "
        "import rewrite, and the carrier portal beta. Deck attached, comments welcome in thread.",
        files=[ROADMAP],
        react={"rocket": ["sam", "tomas", "liam"], "eyes": ["sofia"]},
        replies=[
            M(
                "liam",
                "03-03 16:20",
                "Is the carrier portal beta still on track for April? Two "
                "prospects asked me about it last week.",
            ),
            M("maya", "03-03 16:24", "Yes, beta invites go out in the second week of April."),
            M(
                "sofia",
                "03-03 16:40",
                "Can we add the bulk-edit request from Harbor Freightways "
                "to the backlog? They've asked three times now.",
                react={"thumbsup": ["maya"]},
            ),
        ],
    ),
    M(
        "elena",
        "03-03 17:12",
        'New blog post is live: "Five ways to cut dock wait times". Shares appreciated!',
        react={"heart": ["sam", "maya", "amara"]},
    ),
    M(
        "tomas",
        "03-03 18:40",
        "Heads-up: staging will be down Tuesday 07:00-08:00 UTC for the database upgrade.",
    ),
    M("arjun", "03-04 06:58", "Staging maintenance starting now."),
    M(
        "arjun",
        "03-04 07:46",
        "Staging is back up, upgrade done. Ping me if anything looks off.",
        react={"pray": ["tomas", "priya"], "white_check_mark": ["jonah"]},
    ),
    M(
        "sofia",
        "03-04 09:15",
        "Customer win: Meridian Cold Storage renewed for two more years "
        "and expanded to their Rotterdam site!",
        react={"tada": ["sam", "liam", "maya", "elena", "kenji"], "fire": ["liam"]},
    ),
    M("sam", "03-04 15:02", "Fantastic work Sofia and Liam. That one was hard-earned."),
    M(
        "rachel",
        "03-04 16:30",
        "Reminder: benefits enrollment closes on Friday. The form is "
        "in the HR portal under 'My benefits'.",
    ),
    M("maya", "03-05 14:00", "Product review moved to 18:00 UTC today, sorry for the shuffle."),
    M(
        "elena",
        "03-05 15:45",
        "We're hosting a customer webinar on March 20. If you want to "
        "co-present a demo, let me know by Monday.",
        replies=[
            M("jonah", "03-05 16:02", "Happy to demo the new scheduler UI if it's merged by then."),
            M(
                "elena",
                "03-05 16:10",
                "Perfect, pencilling you in!",
                react={"raised_hands": ["jonah"]},
            ),
        ],
    ),
    M("sam", "03-06 16:50", "All-hands starts in 10 minutes. Bring questions!"),
    M(
        "sam",
        "03-06 18:20",
        "Thanks for a great all-hands. Slides and recording are in the "
        "shared drive. Next one is in June.",
        react={"heart": ["rachel", "maya", "kenji"]},
    ),
    M(
        "rachel",
        "03-07 09:00",
        "Office will be closed on March 17 for the building's fire "
        "inspection. Please work from home that day.",
        edited="03-07 09:04",
    ),
    M(
        "liam",
        "03-07 13:30",
        "Closed-won: Portside Logistics, 40 docks. First deal from the webinar pipeline!",
        react={"tada": ["sam", "elena", "sofia"], "100": ["elena"]},
    ),
    M(
        "kenji",
        "03-07 14:40",
        "Reminder that the data team office hours are every Friday at 15:00 UTC. "
        "Bring your dashboard questions!",
        react={"raised_hands": ["maya", "sofia"]},
    ),
    M("arjun", "03-07 16:05", "Friendly reminder to enable two-factor auth on the VPN by Monday."),
    M(
        "elena",
        "03-07 17:30",
        "Have a lovely weekend everyone! The newsletter goes out Monday morning.",
        react={"heart": ["rachel", "amara", "sam"]},
    ),
]

RANDOM = [
    M("jonah", "03-03 13:05", "Anyone tried the new ramen place on 3rd street?"),
    M(
        "amara",
        "03-03 13:09",
        "Yes! Get the spicy miso. Thank me later.",
        react={"fire": ["jonah", "elena"]},
    ),
    M("elena", "03-03 13:20", "Adding it to the list for Friday team lunch."),
    M(
        "priya",
        "03-04 08:10",
        "My cat just walked across the keyboard and pushed a commit. "
        "Reviewing it now, it's honestly cleaner than mine.",
        react={"joy": ["jonah", "amara", "arjun", "tomas", "kenji"]},
    ),
    M("arjun", "03-04 09:02", "Photo or it didn't happen"),
    M(
        "liam",
        "03-04 19:40",
        "Flight delayed four hours in Denver. Airport coffee ranking thread, go.",
    ),
    M(
        "sofia",
        "03-05 07:30",
        "Sunrise over the archipelago on my run this morning. Sweden "
        "is slowly remembering what the sun looks like.",
    ),
    M(
        "kenji",
        "03-05 10:15",
        "Cherry blossom forecast for Tokyo just came out: March 24.",
        react={"heart": ["sofia", "amara"]},
    ),
    M(
        "tomas",
        "03-05 22:00",
        "Book club: we're reading 'The Goal' next month. Appropriately "
        "on-brand for a logistics company.",
    ),
    M(
        "maya",
        "03-06 20:10",
        "Who left a birthday cake in the kitchen? Asking for a friend (me, I want cake).",
    ),
    M("rachel", "03-06 20:12", "It's for Elena! Singing at 15:00 tomorrow 🎂"),
    M("jonah", "03-07 12:01", "Happy birthday Elena!", react={"tada": ["amara", "maya"]}),
    M(
        "amara",
        "03-07 12:30",
        "Lunch order for today closes at 11:30 local, link in the thread.",
        replies=[M("jonah", "03-07 12:45", "Missed it, I'll bring my own 😅")],
    ),
    M(
        "elena",
        "03-07 15:20",
        "Thank you all, the cake was amazing ❤️",
        react={"heart": ["rachel", "amara", "sofia"]},
    ),
    M(
        "kenji",
        "03-07 16:00",
        "Weekend plans: finally trying the onsen everyone keeps recommending.",
        react={"heart": ["sofia"]},
    ),
    M("sofia", "03-07 16:20", "Enjoy! Report back with photos."),
]

ENGINEERING = [
    M(
        "tomas",
        "03-03 14:30",
        "Sprint 14 kickoff notes: goals are (1) CSV import v2 behind a "
        "flag, (2) dock scheduler drag-and-drop, (3) p95 API latency under 300 ms.",
        pinned=True,
        react={"thumbsup": ["priya", "jonah", "arjun"]},
    ),
    M(
        "priya",
        "03-03 15:02",
        "Import v2 design doc is ready for review. Main change: we stream "
        "rows instead of loading the whole file, so 200k-row imports stop timing out.",
        react={"eyes": ["tomas", "kenji"]},
        replies=[
            M(
                "tomas",
                "03-03 15:40",
                "Read it, looks solid. What happens to a row that fails "
                "validation halfway through the stream?",
            ),
            M(
                "priya",
                "03-03 15:52",
                "It goes to a rejects file the user can download; the rest "
                "of the import continues.",
            ),
            M(
                "kenji",
                "03-03 16:15",
                "Could we log the rejection reasons? Useful for "
                "understanding data quality per customer.",
            ),
            M(
                "priya",
                "03-03 16:20",
                "Good idea, adding a reason column.",
                react={"white_check_mark": ["kenji"]},
            ),
        ],
    ),
    M(
        "jonah",
        "03-03 19:12",
        "PR for the scheduler grid is up: virtualised rows, keyboard "
        "navigation between slots. Screenshots in the description.",
    ),
    M("tomas", "03-03 20:05", "Reviewing tonight."),
    M(
        "arjun",
        "03-04 05:50",
        "Reminder: the staging DB upgrade is tomorrow, 07:00 UTC. "
        "Please don't run migrations on staging before then.",
    ),
    M(
        "kenji",
        "03-04 06:30",
        "Is there a read replica I can query for the forecasting "
        "prototype? Don't want to load the primary.",
    ),
    M("arjun", "03-04 06:41", "Yes, analytics-replica. I'll send you credentials in a DM."),
    M(
        "priya",
        "03-04 10:20",
        "Heads-up: I'm bumping the ORM to the new minor version in "
        "import-v2. Changelog looks harmless but shout if you see weird query plans.",
        edited="03-04 10:26",
    ),
    M(
        "jonah",
        "03-04 14:48",
        "Anyone else seeing flaky tests in scheduler/drag_test? Fails about 1 in 10 runs on CI.",
        replies=[
            M("tomas", "03-04 15:01", "Yes, saw it twice yesterday."),
            M(
                "arjun",
                "03-04 15:30",
                "CI runners moved to a smaller machine type last week, "
                "timing-sensitive tests might be the victim.",
            ),
            M(
                "jonah",
                "03-04 16:45",
                "Found it: the test waited on an animation frame. Fixed "
                "with a fake clock, PR #1182.",
                react={"raised_hands": ["tomas", "arjun"]},
            ),
        ],
    ),
    M(
        "maya",
        "03-04 17:10",
        "Product question: can the scheduler show carrier names on the "
        "slot itself, or only on hover?",
    ),
    M(
        "jonah",
        "03-04 17:25",
        "On the slot if it's at least 30 minutes tall, hover otherwise. Amara has mocks for both.",
    ),
    M(
        "tomas",
        "03-05 14:15",
        "Release 2.14.0 cut. Changelog draft in the release doc, please "
        "add your items by end of day.",
        replies=[
            M("priya", "03-05 14:40", "Added the import fixes."),
            M(
                "jonah",
                "03-05 15:05",
                "Added scheduler keyboard navigation and the flaky test fix.",
            ),
        ],
    ),
    M(
        "arjun",
        "03-05 16:00",
        "p95 latency dashboard is live. We're at 340 ms; the slowest "
        "endpoint is /api/slots/search at 1.2 s.",
        react={"eyes": ["tomas", "priya", "maya"]},
    ),
    M("priya", "03-05 16:20", "That endpoint does an N+1 on carriers. I can fix it tomorrow."),
    M("tomas", "03-05 16:22", "Please do, that alone should bring us under 300."),
    M(
        "kenji",
        "03-06 03:40",
        "Forecasting prototype: weekly dock utilisation predicted within "
        "8% on last quarter's data. Notebook link in the thread.",
        react={"fire": ["maya", "tomas"], "100": ["maya"]},
        replies=[
            M("maya", "03-06 14:02", "This is great. Can we show it to two pilot customers?"),
            M("kenji", "03-06 14:20", "Yes, after I add confidence intervals."),
        ],
    ),
    M(
        "priya",
        "03-06 11:30",
        "N+1 fix merged. /api/slots/search is at 180 ms on staging.",
        react={"tada": ["tomas", "arjun", "jonah", "maya"]},
    ),
    M("tomas", "03-06 15:00", "Code freeze for 2.14 tomorrow at 12:00 UTC."),
    M("jonah", "03-06 21:15", "Scheduler drag-and-drop is merged behind the `dock_dnd` flag."),
    M("arjun", "03-07 04:30", "Deploying 2.14.0 to production at 13:00 UTC."),
    M(
        "arjun",
        "03-07 13:40",
        "2.14.0 is live. No errors so far.",
        react={"rocket": ["tomas", "priya"], "white_check_mark": ["maya"]},
    ),
    M(
        "priya",
        "03-07 14:05",
        "Import v2 flag enabled for our internal workspace. Please try "
        "importing something big and tell me what breaks.",
    ),
    M("tomas", "03-07 16:30", "Retro on Monday, please add your notes to the board."),
    M(
        "kenji",
        "03-07 17:05",
        "Confidence intervals are in the forecasting notebook. Tomás, can we demo it at "
        "Monday's retro?",
        replies=[M("tomas", "03-07 17:20", "Yes, take 10 minutes at the end.")],
    ),
    M(
        "arjun",
        "03-07 18:30",
        "Weekend on-call handover: @priya.nair takes over from Saturday 00:00 UTC. Runbook "
        "link is pinned in #incidents.",
        react={"thumbsup": ["priya", "tomas"]},
    ),
]

DESIGN = [
    M(
        "amara",
        "03-03 11:00",
        "Dock scheduler v3 mockup is ready for critique. Main changes: "
        "bigger slot targets, carrier colour coding, and a compact day view.",
        files=[MOCKUP],
        react={"heart": ["jonah", "maya"], "eyes": ["elena"]},
        replies=[
            M(
                "jonah",
                "03-03 13:40",
                "Love the compact view. Are the colours colour-blind "
                "safe? Red and green slots sit next to each other.",
            ),
            M("amara", "03-03 13:55", "Good catch, I'll add patterns as a second cue."),
            M(
                "maya",
                "03-03 17:30",
                "Can we make 'today' more obvious? Users get lost when scrolling weeks.",
            ),
        ],
    ),
    M(
        "elena",
        "03-04 09:40",
        "For the webinar I need three clean screenshots of the new "
        "scheduler. Any chance of getting them by the 14th?",
    ),
    M("amara", "03-04 10:05", "Yes, I'll export them from the prototype."),
    M(
        "amara",
        "03-05 10:30",
        "Updated the component library: new date picker, toast, and empty-state illustrations.",
        react={"raised_hands": ["jonah", "elena"]},
    ),
    M(
        "jonah",
        "03-05 13:10",
        "The date picker's focus ring disappears in dark mode, I'll file it.",
    ),
    M(
        "maya",
        "03-05 18:45",
        "Design review went well. Decision: ship compact day view first, week view in sprint 15.",
        react={"white_check_mark": ["amara", "jonah"]},
    ),
    M(
        "amara",
        "03-06 12:00",
        "Icon set refresh is in the library too. Please stop using the old truck icon 🙏",
        react={"joy": ["jonah"]},
    ),
    M(
        "elena",
        "03-06 14:30",
        "Brand guidelines v2 draft is ready: typography and tone of voice sections are new.",
    ),
    M(
        "jonah",
        "03-07 10:00",
        "Implemented the patterns for carrier colours, looks great in the grid.",
    ),
    M(
        "amara",
        "03-07 11:30",
        "Perfect! Sharing the updated prototype link in the team space this afternoon.",
        react={"fire": ["jonah", "maya"]},
    ),
]

CUSTOMER_FEEDBACK = [
    M(
        "sofia",
        "03-03 10:00",
        'Harbor Freightways: "We need to edit 50 appointments at once '
        "when a carrier cancels.\" That's the third request for bulk edit this month.",
        react={"eyes": ["maya"], "thumbsup": ["liam"]},
    ),
    M(
        "liam",
        "03-03 18:15",
        "Prospect at Bayline Distribution asked whether we integrate with "
        "their yard management system. Anyone know?",
        replies=[
            M(
                "maya",
                "03-03 18:40",
                "Not natively. The public API covers it, and the carrier "
                "portal beta adds webhooks.",
            ),
            M("liam", "03-03 18:45", "Thanks, that's enough for the next call."),
        ],
    ),
    M(
        "sofia",
        "03-04 11:20",
        'Meridian Cold Storage loves the new slot search speed. Quote: "It finally feels instant."',
        react={"heart": ["maya", "sam", "amara"]},
    ),
    M(
        "kenji",
        "03-04 12:00",
        "Attached the February churn cohorts. Customers with more than "
        "5 active docks churn half as often.",
        files=[COHORTS],
        react={"thinking_face": ["sam"], "eyes": ["maya", "sofia"]},
    ),
    M(
        "amara",
        "03-05 09:50",
        "Two customers in interviews mentioned they print the schedule "
        "every morning. Should we design a print view?",
    ),
    M("sam", "03-05 15:30", "Yes please, it's a cheap win."),
    M(
        "sofia",
        "03-06 08:45",
        "Portside Logistics onboarding kickoff is next Tuesday. They "
        "import from spreadsheets, so the import v2 timing is perfect.",
    ),
    M(
        "liam",
        "03-06 19:00",
        "Heads-up: a prospect compared our pricing page to a competitor's "
        "and found ours confusing. Elena, can we review the tiers table?",
    ),
    M(
        "maya",
        "03-07 10:30",
        "Summarised this week's feedback in the product board: bulk edit "
        "and print view are the top two.",
    ),
    M(
        "sofia",
        "03-07 11:15",
        "Thank you Maya! I'll let Harbor Freightways know it's on the radar.",
        react={"pray": ["maya"]},
    ),
]

INCIDENTS = [
    M(
        "arjun",
        "03-04 03:12",
        "Alert: elevated 5xx on the slots API (2.1%). Investigating.",
        replies=[
            M(
                "arjun",
                "03-04 03:20",
                "Root cause: one API node ran out of disk because of "
                "verbose logging. Rotated logs, node recovered.",
            ),
            M("priya", "03-04 07:05", "Thanks Arjun. Should we cap log volume per node?"),
            M("arjun", "03-04 07:30", "Yes, adding a size limit to the logging config today."),
        ],
    ),
    M(
        "arjun",
        "03-04 03:45",
        "Resolved. 5xx back to baseline. Summary: disk full on api-3, "
        "14 minutes of degraded service, no data loss.",
        react={"white_check_mark": ["tomas", "priya", "jonah"]},
        edited="03-04 03:50",
    ),
    M("tomas", "03-04 14:00", "Postmortem for the api-3 disk issue is on Thursday, 15:00 UTC."),
    M(
        "arjun",
        "03-06 15:55",
        "Postmortem notes are in the incidents folder. Action items assigned.",
    ),
    M(
        "arjun",
        "03-07 02:10",
        "Heads-up: certificate for the carrier portal staging domain expires in 7 days. "
        "Renewal is scheduled for Monday.",
        pinned=True,
    ),
    M("priya", "03-07 18:45", "Runbook updated with the log size limits from the postmortem."),
]

LEADERSHIP = [
    M(
        "sam",
        "03-03 16:00",
        "Agenda for today: Q1 hiring plan, pricing review, offsite 2025 location.",
    ),
    M(
        "rachel",
        "03-03 16:05",
        "Hiring: two backend roles and one designer approved. Job posts go live next week.",
    ),
    M(
        "maya",
        "03-03 16:20",
        "Pricing: Liam reports confusion about tiers. Proposal to "
        "simplify from four tiers to three.",
        react={"thumbsup": ["sam", "tomas"]},
    ),
    M(
        "tomas",
        "03-03 16:40",
        "Engineering headcount is tight for sprint 15, the backend hires can't come soon enough.",
    ),
    M("sam", "03-05 17:00", "Board meeting prep: I need the Q1 metrics by March 20."),
    M(
        "rachel",
        "03-06 17:30",
        "Offsite 2025 shortlist: Porto, Ljubljana, Valencia. Poll in the thread.",
        replies=[
            M("maya", "03-06 17:45", "Porto!"),
            M("tomas", "03-06 18:00", "Valencia, easier flights from the US."),
        ],
    ),
]

OFFSITE_2024 = [
    M(
        "rachel",
        "03-03 09:00",
        "Last call for Lisbon photos for the offsite album! Upload "
        "them by Friday, after that this channel will be archived.",
    ),
    M(
        "amara",
        "03-03 09:30",
        "Uploaded mine. Still thinking about those pastéis de nata.",
        react={"heart": ["rachel", "elena"]},
    ),
    M("liam", "03-03 12:10", "Added the boat trip ones. Thanks again for organising, Rachel."),
    M(
        "rachel",
        "03-04 17:00",
        "The album is complete. Archiving this channel now, see you all at the next one!",
        react={"tada": ["sam", "maya", "jonah"]},
    ),
]

DM_JONAH_PRIYA = [
    M(
        "jonah",
        "03-04 14:20",
        "Hey Priya, does the import v2 API return row errors in the "
        "same shape as v1? I'm wiring up the progress UI.",
    ),
    M(
        "priya",
        "03-04 14:35",
        "Almost: v2 adds a `reason` field and a `line` number. I'll send you a sample payload.",
    ),
    M("jonah", "03-04 14:36", "Perfect, thanks!"),
    M(
        "priya",
        "03-07 14:10",
        "Sample payload is in the repo under fixtures/import_v2_errors."
        "json. Let me know if the progress UI needs anything else.",
    ),
]

DM_AMARA_JONAH = [
    M("amara", "03-05 11:00", "Do you have ten minutes to look at the slot hover states together?"),
    M("jonah", "03-05 11:02", "Sure, now works."),
    M("amara", "03-05 11:40", "Thanks, that was super helpful. Sending the updated file soon."),
]

DM_JONAH_TOMAS = [
    M("tomas", "03-03 17:00", "1:1 moved to Wednesday this week, is that ok?"),
    M("jonah", "03-03 17:05", "Works for me."),
    M(
        "tomas",
        "03-05 16:30",
        "Great job on the flaky test hunt, that was bugging everyone.",
        react={"pray": ["jonah"]},
    ),
]

DM_GROUP = [
    M(
        "maya",
        "03-05 19:00",
        "Quick sync on the print view idea: Amara, can you sketch it and "
        "Jonah estimate the effort?",
    ),
    M("amara", "03-05 19:10", "Sketch by Monday."),
    M("jonah", "03-05 19:15", "I'll take a look once I've seen the sketch."),
]

DM_MAYA_SAM = [
    M("sam", "03-04 18:00", "Can you own the pricing simplification proposal?"),
    M("maya", "03-04 18:10", "Yes, draft by next Friday."),
]

#: conversation key (channel short name or dm id) -> its messages
CONVERSATIONS: dict[str, list[SeedMessage]] = {
    "general": GENERAL,
    "random": RANDOM,
    "engineering": ENGINEERING,
    "design": DESIGN,
    "customer-feedback": CUSTOMER_FEEDBACK,
    "incidents": INCIDENTS,
    "leadership": LEADERSHIP,
    "offsite-2024": OFFSITE_2024,
    "d-jonah-priya": DM_JONAH_PRIYA,
    "d-amara-jonah": DM_AMARA_JONAH,
    "d-jonah-tomas": DM_JONAH_TOMAS,
    "d-amara-jonah-maya": DM_GROUP,
    "d-maya-sam": DM_MAYA_SAM,
}
