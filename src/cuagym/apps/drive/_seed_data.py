"""The vocabularies the seed drive is generated from: people, the folder tree, and per folder
the kinds of files a small architecture practice keeps there (name patterns, sizes, previews).

Patterns use ``{project}``, ``{n}``, ``{month}``, ``{person}``, ``{client}``, ``{view}``,
``{rev}`` and ``{day}``; :mod:`._seed` fills them from the lists here with a fixed RNG.
"""

from __future__ import annotations

__all__ = [
    "CLIENTS",
    "COMMENTS",
    "EXTERNAL",
    "FOLDERS",
    "MONTHS",
    "ORG",
    "PEOPLE",
    "PROJECTS",
    "RECIPES",
    "SENTENCES",
    "SIZES",
    "VERSION_NOTES",
    "VIEWS",
]

ORG = ("Halvorsen & Reyes Architects", "halvorsen-reyes.example")

# (short id, name, title, avatar colour): the practice's staff; the first is the signed-in one.
PEOPLE = [
    ("maya", "Maya Lindqvist", "Project Architect", "#33658a"),
    ("omar", "Omar Haddad", "Principal", "#7d4a63"),
    ("grace", "Grace Okafor", "Office Manager", "#4d6b57"),
    ("tomas", "Tomas Reyes", "Principal", "#8a5442"),
    ("priya", "Priya Natarajan", "Senior Designer", "#4b5a9b"),
    ("lukas", "Lukas Becker", "Architectural Designer", "#2f6b5e"),
    ("hana", "Hana Sato", "Visualization Lead", "#6b4f7d"),
    ("daniel", "Daniel Mensah", "Project Manager", "#7a5f1f"),
    ("elena", "Elena Petrova", "Interior Designer", "#2c6e76"),
    ("sam", "Sam Whitaker", "BIM Coordinator", "#57534e"),
    ("ines", "Ines Carvalho", "Landscape Architect", "#475569"),
    ("felix", "Felix Brandt", "Bookkeeper", "#3f3f46"),
]
# (short id, name, title, e-mail domain): clients and consultants the practice shares with.
EXTERNAL = [
    ("rachel", "Rachel Kim", "Facilities Director, Riverside Library", "riversidelibrary.example"),
    ("victor", "Victor Alvarez", "Structural Engineer", "alvarez-structural.example"),
    ("nadia", "Nadia Rahman", "Developer, Maple Street Lofts", "maplestreetdev.example"),
    ("george", "George Whitfield", "Harbor Authority", "harborauthority.example"),
    ("lena", "Lena Fischer", "MEP Consultant", "fischer-mep.example"),
    ("arjun", "Arjun Mehta", "Quantity Surveyor", "mehtacost.example"),
]

PROJECTS = [
    "Riverside Library",
    "Maple Street Lofts",
    "Harbor Point Pavilion",
    "Old Mill Conversion",
]
CLIENTS = ["Riverside Library Trust", "Maple Street Development", "Harbor Authority",
           "Old Mill Holdings", "Cedar Grove School District", "Northgate Clinic"]  # fmt: skip
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November"]  # fmt: skip
VIEWS = ["Entrance at dusk", "Reading room", "Atrium", "Street view", "Roof terrace",
         "Courtyard", "Aerial", "Lobby"]  # fmt: skip

# (path, recipe): the folder tree, parents before children; a path's last part is the name.
FOLDERS = [
    ("Projects", ""),
    ("Projects/Riverside Library", ""),
    ("Projects/Riverside Library/Drawings", "drawings"),
    ("Projects/Riverside Library/Site photos", "photos"),
    ("Projects/Riverside Library/Client", "client"),
    ("Projects/Maple Street Lofts", ""),
    ("Projects/Maple Street Lofts/Drawings", "drawings"),
    ("Projects/Maple Street Lofts/Site photos", "photos"),
    ("Projects/Maple Street Lofts/Permits", "permits"),
    ("Projects/Harbor Point Pavilion", ""),
    ("Projects/Harbor Point Pavilion/Drawings", "drawings"),
    ("Projects/Harbor Point Pavilion/Renderings", "renders"),
    ("Projects/Old Mill Conversion", "client"),
    ("Finance", ""),
    ("Finance/Invoices 2026", "invoices"),
    ("Finance/Budgets", "budgets"),
    ("Finance/Expense reports", "expenses"),
    ("Marketing", ""),
    ("Marketing/Brand assets", "brand"),
    ("Marketing/Proposals", "proposals"),
    ("Marketing/Award submissions", "awards"),
    ("HR", ""),
    ("HR/Onboarding", "onboarding"),
    ("HR/Policies", "policies"),
    ("Templates", "templates"),
    ("Archive", ""),
    ("Archive/2024", "archive"),
    ("Archive/2025", "archive"),
]

# recipe -> [(kind, name pattern, how many)]
RECIPES: dict[str, list[tuple[str, str, int]]] = {
    "drawings": [("pdf", "Floor plan level {n}.pdf", 3), ("pdf", "Site plan rev {rev}.pdf", 2),
                 ("pdf", "Sections and elevations rev {rev}.pdf", 1),
                 ("spreadsheet", "Door and window schedule.xlsx", 1),
                 ("pdf", "Detail sheet D{n}.pdf", 3), ("archive", "CAD export {day}.zip", 1)],
    "photos": [("image", "IMG_{n}.jpg", 10), ("video", "Site walkthrough {day}.mp4", 1),
               ("document", "Site visit report {day}.docx", 2)],
    "client": [("document", "Meeting notes {day}.docx", 4), ("document", "Client brief.docx", 1),
               ("pdf", "Fee proposal signed.pdf", 1), ("spreadsheet", "Room data sheet.xlsx", 1),
               ("presentation", "Design review {day}.pptx", 2)],
    "permits": [("pdf", "Permit application.pdf", 1),
                ("document", "Zoning review comments.docx", 1),
                ("pdf", "Fire egress plan.pdf", 1), ("spreadsheet", "Permit fee tracker.xlsx", 1)],
    "renders": [("image", "Render - {view}.png", 6), ("presentation", "Concept package.pptx", 1),
                ("video", "Flythrough draft {rev}.mp4", 2)],
    "invoices": [("pdf", "Invoice INV-2026-{n} {client}.pdf", 14)],
    "budgets": [("spreadsheet", "{project} budget.xlsx", 4),
                ("spreadsheet", "2027 operating budget.xlsx", 1),
                ("spreadsheet", "Fee forecast 2027.xlsx", 1)],
    "expenses": [("spreadsheet", "Expenses {month} 2026 - {person}.xlsx", 12)],
    "brand": [("image", "Logo primary.png", 1), ("image", "Logo mono.png", 1),
              ("pdf", "Brand guidelines.pdf", 1), ("document", "Letterhead.docx", 1),
              ("image", "Team photo {day}.jpg", 2)],
    "proposals": [("document", "Proposal - {client}.docx", 5),
                  ("presentation", "Capability deck {rev}.pptx", 2)],
    "awards": [("document", "Award entry - {project}.docx", 2),
               ("image", "Award photo - {view}.jpg", 3)],
    "onboarding": [("pdf", "Welcome handbook.pdf", 1), ("document", "IT setup checklist.docx", 1),
                   ("document", "First week plan.docx", 1)],
    "policies": [("document", "Remote work policy.docx", 1), ("pdf", "Travel policy.pdf", 1),
                 ("document", "Expense policy.docx", 1), ("pdf", "Health and safety.pdf", 1)],
    "templates": [("document", "Meeting notes template.docx", 1),
                  ("spreadsheet", "Project budget template.xlsx", 1),
                  ("presentation", "Client presentation template.pptx", 1),
                  ("document", "Fee proposal template.docx", 1)],
    "archive": [("archive", "{project} project backup.zip", 3),
                ("pdf", "Annual report.pdf", 1), ("spreadsheet", "Timesheets export.xlsx", 2)],
}  # fmt: skip

# kind -> (smallest, largest) size in bytes
SIZES = {
    "document": (18_000, 420_000),
    "spreadsheet": (24_000, 1_900_000),
    "presentation": (1_200_000, 28_000_000),
    "pdf": (90_000, 12_000_000),
    "image": (700_000, 8_500_000),
    "video": (60_000_000, 950_000_000),
    "archive": (8_000_000, 640_000_000),
}

SENTENCES = [
    "The client asked for the reading room to face the river and keep the morning light.",
    "Structural grid confirmed at 7.2 m; the cantilever over the entrance needs a deeper beam.",
    "Planning officer flagged the roof height on the east side; we will step the parapet back.",
    "Budget is tight on finishes: timber ceiling only in public areas, painted board elsewhere.",
    "Next review is with the board; prepare two options for the entrance canopy.",
    "Contractor pricing came in 6% over the estimate, mostly on glazing and steel.",
    "Accessibility audit passed with two comments on ramp gradients at the side entrance.",
    "Landscape strategy keeps the three mature oaks and adds a rain garden at the car park.",
    "Fire engineer agreed the atrium smoke strategy subject to a second escape stair.",
    "Samples of brick and zinc cladding are at the office for the client to choose from.",
    "Energy model shows the building meets the target with the heat pump option.",
    "We agreed to issue the tender package by the end of the month.",
    "Meeting room bookings move to the shared calendar from next week.",
    "Please log all project hours against the right stage code before Friday.",
]
COMMENTS = [
    "Can we check this against the latest structural drawings?",
    "Looks good to me - approved for issue.",
    "The dimensions on the second page don't match the model.",
    "Please add the revision date to the title block.",
    "Client wants the warmer render for the presentation.",
    "I updated the totals; the contingency is now 7%.",
    "Who is taking this to the planning meeting?",
    "Moved the old options to the archive folder.",
    "Let's use this as the template going forward.",
    "Numbers for October are missing two receipts.",
    "Could we get a higher resolution version for print?",
    "Checked with the surveyor, levels are correct.",
]
VERSION_NOTES = ["", "", "Client comments addressed", "Issued for review", "Updated totals",
                 "Minor fixes", "Final"]  # fmt: skip
