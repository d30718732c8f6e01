"""GUI oracles of the issue tracker's people families: read the directory and profiles, act.

``hand-over-work``: the people directory says how many open issues each person carries; the
leaver's profile lists their work by status. The oracle reads both (never the task's world: it
has none), then reassigns the profile's unfinished issues one by one from their issue pages,
going back to the profile after each until nothing unfinished is left there.
"""

from __future__ import annotations

import re

from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage
from cuagym.families.issue_tracker._oracle import TrackerOracle, exact

__all__ = ["HandOverWorkOracle"]


class HandOverWorkOracle(TrackerOracle):
    async def card_of(self, name: str) -> Element | None:
        """The person's card on the people directory."""
        for card in await self.visible('[data-testid="person-card"]'):
            handle = card["attrs"].get("data-user")
            shown = await self.all(f'[data-testid="person-card"][data-user="{handle}"] strong')
            if shown and exact(shown[0]["text"]) == name:
                return card
        return None

    async def on_people(self) -> bool:
        return (await self.path()).endswith("/people") and await self.loaded()

    async def go_to_people(self) -> Act:
        nav = await self.one('[data-testid="nav-people"]')
        if nav is None:
            raise PageBusy("no top navigation")
        return Act.of("open the people directory.", self.click(nav))

    def stages(self) -> list[Stage]:
        leaver = str(self.p["leaver_name"])
        first, second = (str(n) for n in self.p["candidates"])

        async def weighed() -> bool:
            if not await self.on_people():
                return False
            loads = {}
            for name in (first, second):
                card = await self.card_of(name)
                handle = card["attrs"].get("data-user") if card else None
                lines = await self.all(f'[data-testid="person-card"][data-user="{handle}"] small')
                # The card's last line: "5 open issues · leads WEB".
                found = (
                    re.match(r"(\d+) open issues?\b", exact(lines[-1]["text"])) if lines else None
                )
                if found is None:
                    raise PageBusy(f"no open-issue count for {name}")
                loads[name] = int(found.group(1))
            if loads[first] == loads[second]:
                raise PageBusy("the two carry the same load: the task has no single answer")
            self._memo["receiver"] = first if loads[first] < loads[second] else second
            return True

        async def on_profile() -> bool:
            profile = await self.one('[data-testid="profile"] h1')
            return profile is not None and exact(profile["text"]) == leaver and await self.loaded()

        async def unfinished_links() -> list[Element]:
            links = []
            for group in await self.all('[data-testid="person-group"]'):
                status = group["attrs"].get("data-status")
                if status == "done":
                    continue
                sel = f'[data-testid="person-group"][data-status="{status}"] a.key'
                links += await self.visible(sel)
            return links

        async def handed_over() -> bool:
            return await on_profile() and not await unfinished_links()

        async def hand_over() -> Act:
            receiver = str(self._memo["receiver"])
            page = await self.one('[data-testid="issue"]')
            if page is not None and await self.loaded():
                assignee = await self.saved_option('[data-testid="field-assignee"]')
                if assignee == leaver:
                    picks = await self.choose('[data-testid="field-assignee"]', receiver)
                    # Not a commit: picking the same person again changes nothing, so a slow
                    # reload never costs a confirmation wait per issue.
                    return Act.of(f"assign it to {receiver}.", *picks)
            if await on_profile():
                links = await unfinished_links()
                if not links:
                    raise PageBusy("the profile shows no unfinished issue")
                link = links[0]
                if not link.get("in_view") or not link.get("clickable"):
                    return Act.of("scroll to the next issue.", await self.scroll_to(link))
                return Act.of(f"open {exact(link['text'])}.", self.click(link))
            if await self.on_people():
                card = await self.card_of(leaver)
                if card is None:
                    raise PageBusy(f"no card for {leaver}")
                return Act.of(f"open {leaver}'s profile.", self.click(card))
            return await self.go_to_people()

        async def look() -> Act:
            return await self.go_to_people()

        return [
            Stage("compare the two loads", weighed, look, tries=6),
            Stage(f"hand over {leaver}'s unfinished issues", handed_over, hand_over, tries=40),
        ]
