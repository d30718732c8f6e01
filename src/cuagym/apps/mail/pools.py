"""Vocabulary task worlds draw from: people, companies, subjects, labels, templates.

Nothing here occurs in the seed mailbox (names, domains, subjects, label and template names),
so an injected entity is never confused with a seed one.
"""

from __future__ import annotations

__all__ = [
    "COLLEAGUES",
    "COMPANIES",
    "FILES",
    "FIRST",
    "LABEL_NAMES",
    "LAST",
    "NOTES",
    "REPLIES",
    "SUBJECTS",
    "TEMPLATES",
]

FIRST = [
    "Adele",
    "Bruno",
    "Camila",
    "Dmitri",
    "Esther",
    "Farah",
    "Gideon",
    "Hana",
    "Idris",
    "Jonas",
    "Keira",
    "Luca",
    "Mirela",
    "Nikhil",
    "Oksana",
    "Pablo",
    "Quinn",
    "Rosa",
    "Stellan",
    "Tamsin",
    "Umar",
    "Vera",
    "Wendell",
    "Ximena",
    "Yusuf",
    "Zora",
]
LAST = [
    "Abernathy",
    "Bergstrom",
    "Castillo",
    "Delacroix",
    "Eriksen",
    "Fontaine",
    "Galloway",
    "Hargrove",
    "Ibarra",
    "Jovanovic",
    "Kowalczyk",
    "Lindholm",
    "Marchetti",
    "Nakamura",
    "Oyelaran",
    "Petrakis",
    "Quintero",
    "Rasmussen",
    "Sokolova",
    "Thibault",
    "Valdivia",
    "Whitcombe",
]
# (company, mail domain)
COMPANIES = [
    ("Harborview Dental Group", "harborviewdental.example"),
    ("Kestrel Outdoor Supply", "kestreloutdoor.example"),
    ("Marlow & Pike Insurance", "marlowpike.example"),
    ("Northfield Schools", "northfieldschools.example"),
    ("Orchard Lane Bakeries", "orchardlane.example"),
    ("Pinecrest Property Mgmt", "pinecrestpm.example"),
    ("Quarry Hill Brewing", "quarryhill.example"),
    ("Redwood Freight", "redwoodfreight.example"),
    ("Silverline Clinics", "silverlineclinics.example"),
    ("Tidewater Marine", "tidewatermarine.example"),
    ("Upland Energy Co-op", "uplandenergy.example"),
    ("Vantage Sports Club", "vantagesports.example"),
]
COLLEAGUES = [
    ("Mina Albright", "mina.albright@fernhill.example"),
    ("Theo Vance", "theo.vance@fernhill.example"),
    ("Rafael Duarte", "rafael.duarte@fernhill.example"),
    ("Selma Karlsson", "selma.karlsson@fernhill.example"),
]
# (subject, first line of the body)
SUBJECTS = [
    ("Invoice query for February", "We noticed two line items we don't recognise on the invoice."),
    ("Dashboard loading slowly", "Since Monday the sales dashboard takes almost a minute to load."),
    ("Request: extra user licences", "We'd like to add four more analysts to our workspace."),
    ("Training session next month", "Could your team run a short training for our new hires?"),
    ("Change of billing contact", "Please send invoices to our new accounts payable address."),
    ("Question about SSO setup", "Our IT team is asking whether you support SAML single sign-on."),
    ("Data export for the audit", "Our auditors need a full export of last year's reports."),
    ("Feedback on the new alerts", "The new alert emails are great, but they arrive in bursts."),
    ("Renewal paperwork", "Attached is our signed order form for the coming year."),
    ("Meeting notes and next steps", "Thanks for the call. Here are the notes from our side."),
    ("Site visit in April", "Would you be available to visit our head office in April?"),
    ("Integration with our CRM", "Is there a connector for our CRM, or should we use the API?"),
    ("Usage report for Q1", "Could you share our usage numbers for the first quarter?"),
    ("Onboarding checklist", "Here is the checklist we agreed on, with owners and dates."),
]
REPLIES = [
    "The call is confirmed for Thursday at 2 pm.",
    "I have forwarded this to our billing team today.",
    "We can add the licences by the end of this week.",
    "Our specialist will send you the details tomorrow.",
    "Yes, that works for us. Please send the invite.",
    "I will share the usage report before Friday.",
]
NOTES = [
    "Please review this before our Monday sync.",
    "Can you take this one? It needs a quick answer.",
    "FYI, this is the file they mentioned on the call.",
    "Could you check the numbers in the attachment?",
]
# (file name in static/seed-files, content type)
FILES = [
    ("signed-order-form.pdf", "application/pdf"),
    ("usage-q1.csv", "text/csv"),
    ("site-photos.png", "image/png"),
    ("audit-request.pdf", "application/pdf"),
    ("meeting-notes.txt", "text/plain"),
]
LABEL_NAMES = [
    "Follow up",
    "Waiting on reply",
    "Renewals 2025",
    "Escalations",
    "Partners",
    "Receipts",
    "Events",
    "Onboarding",
    "Legal review",
    "Quarterly reviews",
    "Read later",
    "Priority",
]
# (name, subject, body)
TEMPLATES = [
    (
        "Spring webinar invite",
        "Join our spring product webinar",
        "Hello,\n\nWe're hosting a 30-minute webinar on what's new in Fernhill Analytics this "
        "spring. Save your seat at https://fernhill.example/webinar\n\nHope to see you there!",
    ),
    (
        "Maintenance notice",
        "Planned maintenance this Saturday",
        "Hello,\n\nFernhill Analytics will be unavailable on Saturday from 06:00 to 08:00 UTC for "
        "planned maintenance. No action is needed on your side.",
    ),
    (
        "Survey request",
        "Two minutes to help us improve?",
        "Hello,\n\nWe'd love your feedback on the last quarter. The survey takes two minutes: "
        "https://fernhill.example/survey\n\nThank you!",
    ),
    (
        "Price update notice",
        "Our pricing from July",
        "Hello,\n\nFrom July 1, list prices for new seats change. Your current contract price "
        "stays "
        "the same until your renewal date. Reply if you have any questions.",
    ),
]
