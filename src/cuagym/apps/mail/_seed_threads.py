"""Seed conversations: two working weeks (2025-03-03 .. 03-14) of Nora's mailbox.

People are referred to by their short key in ``_seed_people.PEOPLE``; times are UTC
``MM-DD HH:MM`` in 2025. A message's subject defaults to the thread's (``Re: ...`` for replies).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["THREADS", "M", "T"]


@dataclass(frozen=True)
class M:
    who: str
    to: tuple[str, ...]
    when: str
    body: str
    cc: tuple[str, ...] = ()
    bcc: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    draft: bool = False
    subject: str | None = None


@dataclass(frozen=True)
class T:
    subject: str
    msgs: tuple[M, ...]
    folder: str = "inbox"
    labels: tuple[str, ...] = ()
    starred: bool = False
    unread: bool = False
    snoozed: str | None = None


THREADS: list[T] = [
    T(
        "Bluepeak renewal - pricing questions",
        (
            M(
                "priya",
                ("me",),
                "03-12 14:05",
                "Hi Nora,\n\nWe're starting our renewal review. Two questions before our budget "
                "meeting:\n\n- Can we move from 25 to 30 seats mid-term, and what would that "
                "cost?\n"
                "- Is the forecasting module included in the Growth plan?\n\nThanks,\nPriya",
            ),
            M(
                "me",
                ("priya",),
                "03-12 16:40",
                "Hi Priya,\n\nGood questions. Adding seats mid-term is prorated; I'll send exact "
                "numbers tomorrow. Forecasting is an add-on today, but it's in beta for Growth "
                "customers.\n\nBest,\nNora",
            ),
            M(
                "priya",
                ("me",),
                "03-13 15:22",
                "Thanks Nora. Could you also include a 2-year option in the numbers? Our CFO asked "
                "about a multi-year discount.\n\nPriya",
                cc=("sam",),
            ),
        ),
        labels=("l-clients",),
        unread=True,
    ),
    T(
        "March expense reports due Friday",
        (
            M(
                "grace",
                ("me", "owen", "sam", "kofi"),
                "03-10 15:00",
                "Hi all,\n\nReminder: March expense reports are due *this Friday, March 14*. "
                "Please "
                "attach receipts for anything over $25 and tag client travel with the account name."
                "\n\nThanks!\nGrace",
            ),
        ),
        labels=("l-finance",),
        starred=True,
    ),
    T(
        "Interview loop for the Solutions Engineer role",
        (
            M(
                "julia",
                ("me", "kofi", "owen"),
                "03-11 17:30",
                "Hi team,\n\nWe have two finalists for the Solutions Engineer role. The schedule "
                "is "
                "attached; Nora, you have the customer-scenario interview on Tuesday at 11:00.\n\n"
                "Please submit scorecards within 24 hours.\n\nJulia",
                files=("interview-schedule.pdf",),
            ),
        ),
        labels=("l-hiring",),
        unread=True,
    ),
    T(
        "Dashboard access for new store managers",
        (
            M(
                "marcus",
                ("me",),
                "03-11 13:12",
                "Hi Nora,\n\nWe're opening three new stores next month. Could you set up dashboard "
                "access for their managers? Names and emails below:\n\n- Ana Ruiz, "
                "ana.ruiz@alderfinch."
                "example\n- Ben Carter, ben.carter@alderfinch.example\n- Chloe Tran, chloe.tran@"
                "alderfinch.example\n\nThanks,\nMarcus",
            ),
            M(
                "me",
                ("marcus",),
                "03-11 15:03",
                "Hi Marcus,\n\nHappy to. I've asked our support team to create the accounts; "
                "they'll "
                "get invites by Thursday.\n\nNora",
            ),
        ),
        labels=("l-clients",),
    ),
    T(
        "Your itinerary: Chicago, March 24-26",
        (
            M(
                "travel",
                ("me",),
                "03-07 20:15",
                "Hello Nora,\n\nYour trip is confirmed. Flight NW 2214 departs 07:05 on March 24; "
                "hotel: Lakeshore Inn, 3 nights. Your itinerary is attached.\n\nReply to this "
                "email to "
                "change your booking.\n\nNorthwind Travel Desk",
                files=("itinerary-chicago.pdf",),
            ),
        ),
        labels=("l-travel",),
    ),
    T(
        "This week: cohort analysis without the tears",
        (
            M(
                "metric",
                ("me",),
                "03-13 11:00",
                "THE METRIC WEEKLY - issue 212\n\n1. Cohort analysis without the tears\n2. Why "
                "your "
                "funnel lies to you\n3. Five SQL window functions worth memorising\n\nRead online: "
                "https://metricweekly.example/212\n\nYou're receiving this because you subscribed.",
            ),
        ),
        labels=("l-newsletters",),
        unread=True,
    ),
    T(
        "Q2 territory plan - draft for review",
        (
            M(
                "owen",
                ("me", "sam", "kofi"),
                "03-10 22:10",
                "Team,\n\nAttached is the first cut of the Q2 territory plan. Nora, I gave you the "
                "new-logo target as well as the Midwest; shout if that's too much.\n\nComments by "
                "Monday please.\n\nOwen",
                files=("q2-territory-plan.csv",),
            ),
        ),
        starred=True,
    ),
    T(
        "Corvid Health - data retention policy",
        (
            M(
                "helen",
                ("me",),
                "03-12 18:45",
                "Hello Nora,\n\nOur compliance team updated our retention requirements (attached, "
                "v3). "
                "Can Fernhill confirm that raw event data is deleted after 13 months?\n\nKind "
                "regards,"
                "\nHelen Okafor",
                files=("retention-policy-v3.pdf",),
            ),
        ),
        labels=("l-clients",),
        unread=True,
    ),
    T(
        "Pipeline outage postmortem",
        (
            M(
                "lena",
                ("me", "sam"),
                "03-06 16:20",
                "Hi Nora, Sam,\n\nSummary of Tuesday's ingestion outage: a schema change upstream "
                "stalled the pipeline for 3h 40m. No data was lost; dashboards caught up by 19:00 "
                "UTC."
                "\n\nAffected customers: Bluepeak and Dunmore. Full write-up: "
                "https://wiki.fernhill."
                "example/postmortems/2025-03-04\n\nLena",
            ),
            M(
                "me",
                ("lena",),
                "03-14 15:10",
                "Thanks Lena, this is really clear. One question before I send a note to Bluepeak:",
                cc=("sam",),
                draft=True,
            ),
        ),
    ),
    T(
        "Invoice INV-20931 for February",
        (
            M(
                "stratus",
                ("me",),
                "03-03 09:00",
                "Your invoice for February 2025 is attached.\n\nAmount due: USD 4,812.60\nDue "
                "date: "
                "April 2, 2025\n\nStratusly Billing",
                files=("invoice-INV-20931.pdf",),
            ),
        ),
        labels=("l-vendors", "l-finance"),
    ),
    T(
        "Beta invite: forecasting module",
        (
            M(
                "ibrahim",
                ("me", "sam"),
                "03-13 19:30",
                "Hi Nora, Sam,\n\nThe forecasting module opens to Growth customers next week. "
                "Could "
                "you each nominate two accounts for the beta? Bluepeak sounds like a natural "
                "fit.\n\n"
                "Ibrahim",
            ),
        ),
        unread=True,
    ),
    T(
        "Dunmore Foods - onboarding call notes",
        (
            M(
                "diego",
                ("me",),
                "03-05 17:00",
                "Hi Nora,\n\nThanks for the onboarding call. Our notes: connect the ERP export "
                "first, "
                "then the warehouse scanners. Can you confirm the timeline?\n\nDiego",
            ),
            M(
                "me",
                ("diego",),
                "03-05 19:25",
                "Hi Diego,\n\nConfirmed: ERP connector this week, scanners the week after. Kofi "
                "will "
                "join the next call for the technical setup.\n\nNora",
                cc=("kofi",),
            ),
            M("diego", ("me",), "03-06 14:02", "Perfect, thank you both!\n\nDiego", cc=("kofi",)),
        ),
        labels=("l-clients",),
    ),
    T(
        "Eastgate quarterly review - agenda",
        (
            M(
                "ruth",
                ("me",),
                "03-10 16:45",
                "Hi Nora,\n\nFor our quarterly review on the 20th, could we cover member churn "
                "dashboards and the new branch rollout? I'd also like a short training for two new "
                "analysts.\n\nRuth",
            ),
        ),
        labels=("l-clients",),
        snoozed="2025-03-17T13:00:00Z",
    ),
    T(
        "Handoff: Granite Row escalation",
        (
            M(
                "sam",
                ("me",),
                "03-13 21:05",
                "Nora,\n\nHeads-up before your call with Tomasz: Granite Row had two failed data "
                "syncs last week. Both are fixed, but he may bring it up. Ticket: CS-4471.\n\nSam",
            ),
        ),
        unread=True,
    ),
    T(
        "Demo environment refreshed",
        (
            M(
                "kofi",
                ("me", "owen"),
                "03-07 15:40",
                "Hi both,\n\nThe demo environment now has the retail and healthcare sample data. "
                "Login details are unchanged.\n\nKofi",
            ),
        ),
    ),
    T(
        "Early-bird pricing ends Friday - DataConf 2025",
        (
            M(
                "dataconf",
                ("me",),
                "03-11 12:00",
                "Join 2,000 data practitioners in Minneapolis, May 6-8. Early-bird tickets are "
                "$450 "
                "until Friday.\n\nRegister: https://dataconf.example/register",
            ),
        ),
        labels=("l-newsletters",),
    ),
    T(
        "Benefits enrollment window opens April 1",
        (
            M(
                "julia",
                ("me", "owen", "lena", "sam", "grace", "ibrahim", "kofi"),
                "03-12 15:15",
                "Hi everyone,\n\nThe annual benefits enrollment window runs April 1-15. You'll "
                "get a "
                "personal link on April 1. No action needed yet.\n\nJulia",
            ),
        ),
    ),
    T(
        "Contract questions before signing",
        (
            M(
                "tomasz",
                ("me",),
                "03-13 22:40",
                "Hi Nora,\n\nOur legal team has two questions on the MSA:\n\n1. Can the liability "
                "cap "
                "be 12 months of fees instead of 6?\n2. Is data hosted in the US only?\n\nWe'd "
                "like to "
                "sign before the end of the month.\n\nBest,\nTomasz",
            ),
        ),
        labels=("l-clients",),
        unread=True,
    ),
    T(
        "Great work on the Bluepeak pilot",
        (
            M(
                "owen",
                ("me",),
                "02-28 23:00",
                "Nora, the Bluepeak pilot results were excellent - their ops team quoted a 14% "
                "reduction in late shipments. Let's use it as a case study.\n\nOwen",
            ),
        ),
        folder="archive",
    ),
    T(
        "Receipt: Denver trip",
        (
            M(
                "travel",
                ("me",),
                "02-21 18:30",
                "Receipt for booking NW-88213 (Denver, Feb 18-19). Total charged: $612.40.\n\n"
                "Northwind Travel Desk",
            ),
        ),
        folder="archive",
        labels=("l-travel",),
    ),
    T(
        "Updated travel policy",
        (
            M(
                "grace",
                ("me", "owen", "sam", "kofi"),
                "02-26 16:00",
                "Hi all,\n\nFrom March 1, hotel stays are capped at $220/night in most cities "
                "($260 "
                "in NYC, SF and Boston). Book through Northwind so the cap is applied "
                "automatically."
                "\n\nGrace",
            ),
        ),
        folder="archive",
        labels=("l-finance",),
    ),
    T(
        "Follow-up: Alder & Finch QBR slides",
        (
            M(
                "me",
                ("marcus",),
                "03-04 20:30",
                "Hi Marcus,\n\nThanks again for the review today. The slides are attached, "
                "including "
                "the adoption numbers per store.\n\nBest,\nNora",
                files=("alder-finch-qbr.pdf",),
            ),
        ),
        folder="archive",
        labels=("l-clients",),
    ),
    T(
        "Question about the export API limits",
        (
            M(
                "me",
                ("lena",),
                "03-06 21:15",
                "Hi Lena,\n\nDunmore asked whether the export API has a daily row limit. Do we "
                "have a "
                "number I can share?\n\nThanks,\nNora",
            ),
            M(
                "lena",
                ("me",),
                "03-07 09:40",
                "Hi Nora - 5 million rows per day per workspace, and it can be raised on "
                "request.\n\n"
                "Lena",
            ),
        ),
        folder="archive",
    ),
    T(
        "Weekly client update - March 7",
        (
            M(
                "me",
                ("owen",),
                "03-07 22:00",
                "Hi Owen,\n\nThis week:\n\n- Bluepeak: renewal conversation started, pricing "
                "next.\n"
                "- Alder & Finch: QBR done, 3 new stores coming.\n- Dunmore: onboarding on track.\n"
                "- Granite Row: contract in legal review.\n\nNora",
                cc=("sam",),
            ),
        ),
        folder="archive",
    ),
    T(
        "Proposal: quarterly data review",
        (
            M(
                "me",
                ("ruth",),
                "03-14 14:30",
                "Hi Ruth,\n\nAhead of our review on the 20th, here is a proposal for a recurring "
                "quarterly data review:",
                draft=True,
            ),
        ),
        folder="archive",
    ),
    T(
        "Notes for Chicago workshop",
        (
            M(
                "me",
                (),
                "03-12 20:05",
                "- bring printed agendas\n- ask Kofi for the demo login\n- confirm room with hotel",
                draft=True,
            ),
        ),
        folder="archive",
    ),
    T(
        "You have (1) unclaimed reward",
        (
            M(
                "prize",
                ("me",),
                "03-12 03:14",
                "Congratulations! You were selected for an exclusive reward. Claim within 24 "
                "hours: "
                "http://lucky-prizes.example/claim",
            ),
        ),
        folder="spam",
        unread=True,
    ),
    T(
        "Invoice overdue - action required",
        (
            M(
                "phish",
                ("me",),
                "03-09 06:50",
                "Your account is suspended due to an unpaid invoice. Verify your payment details "
                "here: http://payments-secure.example/verify",
            ),
        ),
        folder="spam",
    ),
    T(
        "This week: the dashboard nobody opens",
        (
            M(
                "metric",
                ("me",),
                "03-06 11:00",
                "THE METRIC WEEKLY - issue 211\n\n1. The dashboard nobody opens\n2. Sampling, "
                "explained with coffee\n\nRead online: https://metricweekly.example/211",
            ),
        ),
        folder="trash",
        labels=("l-newsletters",),
    ),
    T(
        "Your order has shipped",
        (
            M(
                "print",
                ("me",),
                "02-27 15:00",
                "Order PW-5531 (500 business cards) has shipped. Tracking: 1Z 999 AA1 0123 4567 84."
                "\n\nPrintworks Studio",
            ),
        ),
        folder="trash",
        labels=("l-vendors",),
    ),
    T(
        "Proof ready: trade show banners",
        (
            M(
                "print",
                ("me",),
                "03-12 16:10",
                "Hi Nora,\n\nThe proof for your two roll-up banners is attached. Please reply with "
                "*approved* or your changes by Monday to keep the March 24 delivery date.\n\n"
                "Printworks Studio",
                files=("banner-proof.png",),
            ),
        ),
        labels=("l-vendors",),
    ),
    T(
        "Budget sign-off: DataConf tickets",
        (
            M(
                "grace",
                ("me",),
                "03-13 16:30",
                "Hi Nora,\n\nOwen said you'd like two DataConf tickets for the team. Early-bird is "
                "$450 each until Friday. Can you confirm the attendees so I can approve "
                "it?\n\nGrace",
            ),
        ),
        labels=("l-finance",),
        unread=True,
    ),
    T(
        "Slides from the Eastgate workshop",
        (
            M(
                "kofi",
                ("me",),
                "03-06 23:10",
                "Nora, here are the slides from Tuesday's Eastgate workshop in case Ruth asks.\n\n"
                "Kofi",
                files=("eastgate-workshop.pdf",),
            ),
        ),
    ),
    T(
        "Roadmap review notes",
        (
            M(
                "ibrahim",
                ("me", "owen"),
                "02-25 17:45",
                "Notes from the roadmap review: forecasting beta in March, alerting in Q2, SSO for "
                "all plans in Q3.\n\nIbrahim",
            ),
        ),
        folder="archive",
    ),
]
