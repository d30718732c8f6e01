"""Vocabulary task worlds draw from: texts a task asks to post, reply or send.

None of these texts occurs in the seed network, so a post a task asks for is never confused
with one that is already there.
"""

from __future__ import annotations

__all__ = ["ANNOUNCEMENTS", "DM_LINES", "REPLY_LINES", "TAG_SETS"]

ANNOUNCEMENTS = ["Our spring trail-running clinic opens for sign-ups on Monday.",
                 "The repair desk is closed for inventory this Thursday.",
                 "Meet the new Larch 30 daypack, in store this weekend.",
                 "Sunrise hike to Kestrel Point with our guides, free for members.",
                 "We are hiring seasonal guides for the summer programme.",
                 "Gear swap in the parking lot this Sunday from 10:00."]  # fmt: skip
TAG_SETS = [["events"], ["repair", "news"], ["newarrivals"], ["guidedhikes"], ["jobs"],
            ["gearswap", "community"]]  # fmt: skip
REPLY_LINES = ["Thanks for the kind words, see you on the trail!",
               "Great question: yes, dogs on a leash are welcome.",
               "We will pass this on to the team today.",
               "Sorry to hear that, we sent you a direct message.",
               "Glad the shoes held up, happy hiking!",
               "Thanks for flagging it, our guides will check the trail."]  # fmt: skip
DM_LINES = ["Your order is ready for pickup at the front desk.",
            "Could you send us the photo in full resolution?",
            "We would love to feature your review on our page.",
            "Your repair is done, no charge this time.",
            "Can you join the trail crew on Saturday at 8?"]  # fmt: skip
