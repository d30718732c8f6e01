"""The vocabulary the seed network is generated from: people, places, gear and what they say.

The network's own account is an outdoor-gear shop's brand profile, run from the publishing
studio; the people are hikers, riders, reviewers and customers. Post and comment texts are
sentence frames filled from these lists by ``_seed`` with a fixed random generator.
"""

from __future__ import annotations

__all__ = [
    "BIOS",
    "BRAND_DRAFTS",
    "BRAND_POSTS",
    "BRAND_SCHEDULED",
    "COMMENTS",
    "COMPLAINTS",
    "DM_THREADS",
    "GEAR",
    "LOCATIONS",
    "PEOPLE",
    "PERSONAL_POSTS",
    "REPLIES",
    "REPORT_NOTES",
    "TRAILS",
]

# (handle, display name, avatar colour) -- the people of the network (not the brand).
PEOPLE: list[tuple[str, str, str]] = [
    ("maya_okafor", "Maya Okafor", "#7d4a63"), ("leo_brandt", "Leo Brandt", "#33658a"),
    ("sofia_reyes", "Sofia Reyes", "#8a5442"), ("kenji_mori", "Kenji Mori", "#2f6b5e"),
    ("ada_lindqvist", "Ada Lindqvist", "#4b5a9b"), ("tom_achebe", "Tom Achebe", "#7a5f1f"),
    ("priya_nair", "Priya Nair", "#6b4f7d"), ("will_harper", "Will Harper", "#475569"),
    ("lucia_ferri", "Lucia Ferri", "#2c6e76"), ("sam_whitaker", "Sam Whitaker", "#57534e"),
    ("nora_kessler", "Nora Kessler", "#4d6b57"), ("owen_tate", "Owen Tate", "#3f3f46"),
    ("hana_ito", "Hana Ito", "#7d4a63"), ("felix_duarte", "Felix Duarte", "#33658a"),
    ("grace_obi", "Grace Obi", "#8a5442"), ("ruben_vidal", "Ruben Vidal", "#2f6b5e"),
    ("elif_sahin", "Elif Sahin", "#4b5a9b"), ("marcus_bell", "Marcus Bell", "#7a5f1f"),
    ("ines_castro", "Ines Castro", "#6b4f7d"), ("jonah_pike", "Jonah Pike", "#475569"),
    ("zoe_marsh", "Zoe Marsh", "#2c6e76"), ("arjun_rao", "Arjun Rao", "#57534e"),
    ("clara_voss", "Clara Voss", "#4d6b57"), ("dmitri_volkov", "Dmitri Volkov", "#3f3f46"),
    ("bea_holm", "Bea Holm", "#7d4a63"), ("caleb_frost", "Caleb Frost", "#33658a"),
    ("yara_haddad", "Yara Haddad", "#8a5442"), ("nico_albers", "Nico Albers", "#2f6b5e"),
    ("tess_wilde", "Tess Wilde", "#4b5a9b"), ("ravi_menon", "Ravi Menon", "#7a5f1f"),
    ("june_park", "June Park", "#6b4f7d"), ("amos_grey", "Amos Grey", "#475569"),
    ("lina_sato", "Lina Sato", "#2c6e76"), ("pablo_ortiz", "Pablo Ortiz", "#57534e"),
    ("freya_lund", "Freya Lund", "#4d6b57"), ("idris_bello", "Idris Bello", "#3f3f46"),
    ("trailmix_club", "Trailmix Hiking Club", "#7a5f1f"),
    ("summit_reviews", "Summit Gear Reviews", "#33658a"),
]  # fmt: skip

BIOS = ["Weekend hiker, weekday spreadsheet wrangler.", "Chasing ridgelines and good coffee.",
        "Trail runner. Map nerd. Occasional bikepacker.", "Photographer who walks too far.",
        "Parent of two small hikers and one big dog.", "Gear tester, honest reviews only.",
        "Volunteer trail crew on Saturdays.", "Climbing, camping, complaining about boots.",
        "Outdoor educator. Leave no trace.", "Thru-hike planning in progress.",
        "I post sunsets and blister advice.", "Cyclist turned hiker, then back."]  # fmt: skip
LOCATIONS = ["Portland, OR", "Boulder, CO", "Asheville, NC", "Bend, OR", "Salt Lake City, UT",
             "Missoula, MT", "Burlington, VT", "Flagstaff, AZ", "Duluth, MN", "Tacoma, WA",
             "Reno, NV", "Chattanooga, TN"]  # fmt: skip
TRAILS = ["Cedar Ridge Loop", "Lost Lake Trail", "Eagle Crest Traverse", "Foxglove Canyon",
          "Granite Falls Path", "Heron Marsh Boardwalk", "Juniper Saddle", "Kestrel Point",
          "Larch Valley", "Maple Hollow", "North Fork Trail", "Osprey Bluff"]  # fmt: skip
GEAR = ["Ridgeback 45 pack", "Switchback trail shoes", "Alder down jacket", "Cirrus rain shell",
        "Basecamp 2 tent", "Tarn trekking poles", "Ember stove", "Drift sleeping bag",
        "Loam hiking socks", "Fjell fleece"]  # fmt: skip

# Frames of other people's posts: {trail} {gear} {n}.
PERSONAL_POSTS = [
    "Finally did the {trail} at sunrise. {n} miles, zero regrets. #hiking #sunrise",
    "Three months with the {gear} and it still looks new. Full review on my blog. #gearreview",
    "Anyone know if the {trail} is snow-free yet? Planning a trip next weekend. #trailconditions",
    "Rained the whole way up {trail} and the {gear} kept me dry. #rainyday #hiking",
    "Trail crew day on {trail}: {n} new water bars in. Thanks to everyone who came. #trailcrew",
    "First night in the {gear}. Slept like a rock at the {trail} campsite. #camping",
    "PSA: the bridge on {trail} is out, take the upper fork. #trailconditions",
    "Took my kids up {trail} for the first time. {n} miles, one snack meltdown. #familyhike",
    "Swapped my old boots for the {gear}. Day one verdict: no blisters. #gearreview",
    "Golden larches all along {trail} this week. Go now. #fallcolors #hiking",
]  # fmt: skip
# Complaints customers make in public; {topic} is what went wrong.
COMPLAINTS = [
    "@fernhill your checkout keeps failing when I apply a gift card. Third try today. #help",
    "@fernhill the Trail Companion app lost my offline maps again after the update.",
    "@fernhill ordered the {gear} two weeks ago and the tracking page still says 'label created'.",
    "@fernhill search on your site shows nothing for 'tents' but everything for 'tent'. Odd.",
    "@fernhill can't sign in to the app with my Apple account since yesterday. Any ideas?",
    "@fernhill the size chart for the {gear} is way off, had to return it twice.",
]
# The brand account's own published posts: {trail} {gear} {n}.
BRAND_POSTS = [
    "New in store: the {gear}. Tested on {trail} by our own staff. #newarrivals",
    "Trail tip: start early, pack an extra layer and tell someone your route. #trailtips",
    "Our repair desk fixed {n} zippers last month. Bring yours in, it's free. #repair",
    "Community hike this Saturday on {trail}. All paces welcome, meet at 8:00. #communityhike",
    "Staff pick of the week: the {gear}. Light, warm and built to be repaired. #staffpick",
    "Thank you for {n} entries to our photo contest! Winners announced Friday. #photocontest",
    "Fall clearance ends Sunday: up to 40% off last season's shells. #sale",
    "Meet our guides: this month we're hiking {trail} every Wednesday. #guidedhikes",
]  # fmt: skip
BRAND_SCHEDULED = [
    "Winter hours start Monday: we open at 10:00 and close at 18:00. #storehours",
    "Holiday gift guide is live: {n} ideas under $50. #giftguide",
    "Snowshoe rentals are back! Reserve yours online. #wintergear",
    "New year, new trails: join our January challenge and log {n} miles. #trailchallenge",
    "Repair cafe returns on the first Saturday of the month. #repair",
    "Avalanche awareness night with the county rescue team, free entry. #safety",
    "Our {gear} restock lands this week. #restock",
    "Last order day for holiday shipping is December 18. #shipping",
    "Photo contest, winter edition: tag your snowy hikes with #fernhillwinter",
    "Trail crew volunteers wanted for {trail} in January. #trailcrew",
]  # fmt: skip
BRAND_DRAFTS = [
    "Draft: spring catalogue teaser, waiting on photos. #spring",
    "Draft: thank-you note to the trail crew volunteers.",
    "Draft: poll idea, which trail should our next community hike visit?",
    "Draft: behind the scenes at the repair desk. #repair",
]
COMMENTS = [
    "Love this!", "Great shot, where exactly is that?", "Adding it to my list.",
    "How was the parking situation?", "Same experience here, highly recommend.",
    "Was it muddy?", "This made my morning.", "Thanks for sharing the conditions.",
    "What did you think of the {gear}?", "I was there last week too!", "Wow, those colours.",
    "Any water sources along the way?", "Saving this for next summer.",
    "Did you see any wildlife?", "Great tip, thanks.", "Dog friendly?",
]  # fmt: skip
REPLIES = [
    "Good question, I'd say yes.", "Parking filled up by 9.", "Only the last mile.",
    "Two creeks, both flowing.", "Yes, on a leash.", "Ha, thank you!", "Highly recommend.",
    "Let me know how it goes!",
]  # fmt: skip
# (participant handles other than the brand, title, [(author or "me", text)])
DM_THREADS: list[tuple[list[str], str, list[tuple[str, str]]]] = [
    (
        ["maya_okafor"],
        "",
        [
            ("maya_okafor", "Hi! Is the photo contest open to international entries?"),
            ("me", "It is! Just tag the post and we'll find it."),
            ("maya_okafor", "Perfect, thank you."),
        ],
    ),
    (
        ["summit_reviews"],
        "",
        [
            ("summit_reviews", "Would you send us a Basecamp 2 tent for a review?"),
            ("me", "Happy to. What address should we ship it to?"),
            ("summit_reviews", "Our studio: 12 Alder Street, Bend, OR."),
        ],
    ),
    (
        ["trailmix_club"],
        "",
        [
            ("trailmix_club", "Can we co-host the Saturday community hike?"),
            ("me", "We'd love that. Want to lead the fast group?"),
            ("trailmix_club", "Yes! We'll bring maps for everyone."),
        ],
    ),
    (
        ["leo_brandt"],
        "",
        [
            ("leo_brandt", "My order never arrived, order number FH-20417."),
            ("me", "Sorry about that, Leo. We're checking with the carrier now."),
        ],
    ),
    (
        ["sofia_reyes"],
        "",
        [
            ("sofia_reyes", "Do you repair tents from other brands too?"),
            ("me", "We do, as long as we can get the parts."),
        ],
    ),
    (["kenji_mori"], "", [("kenji_mori", "The Alder jacket in medium, any restock date?")]),
    (
        ["ada_lindqvist", "tom_achebe"],
        "Trail crew leads",
        [
            ("ada_lindqvist", "Tools are in the shed behind the store, right?"),
            ("me", "Yes, the code is on the crew sheet."),
            ("tom_achebe", "I'll bring the extra gloves."),
        ],
    ),
    (
        ["priya_nair"],
        "",
        [
            ("priya_nair", "Loved the guided hike! Will there be more in winter?"),
            ("me", "Snowshoe walks start in January."),
        ],
    ),
    (["will_harper"], "", [("will_harper", "Hey, are you hiring for the spring season?")]),
    (
        ["lucia_ferri"],
        "",
        [
            ("me", "Hi Lucia, your photo won this week's contest!"),
            ("lucia_ferri", "No way! Thank you so much."),
        ],
    ),
]
REPORT_NOTES = ["Posting the same link everywhere.", "Rude to other commenters.",
                "This trail closure info is wrong.", "Nothing to do with hiking.",
                "Looks like a fake giveaway.", ""]  # fmt: skip
