"""GUI oracles of team-chat's finding families: a message whose channel is not named, people
known by their title only.

``pin-found-message``: search the workspace from the top bar (the author as ``from:@handle``
and a few words of the message), follow the hit to its conversation, pin it there.
``group-dm-by-role``: read the people directory's titles, then start the group conversation
with the two holders and send the message. Every step is read back from the page.
"""

from __future__ import annotations

import re

from cuagym.apps.team_chat import HANDLES
from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage, call
from cuagym.core import TaskConfig
from cuagym.families.team_chat._oracle import ChatOracle, exact

__all__ = ["GroupDmByRoleOracle", "PinFoundMessageOracle", "search_query"]


def search_query(handle: str, match: str, words: int = 3) -> str:
    """``from:@handle`` and the first few words of ``match`` (search matches every word)."""
    kept = [w for w in re.findall(r"[\w-]+", match)][:words]
    return " ".join([f"from:@{handle}", *kept])


class PinFoundMessageOracle(ChatOracle):
    """``pin-found-message``: search, open the hit in its channel, pin it there."""

    def stages(self) -> list[Stage]:
        author, match = HANDLES[self.p["author"]], str(self.p["match"])
        query = search_query(author, match)

        async def on_page() -> Element | None:
            if not (await self.path()).startswith("/team-chat/c/") or not await self.loaded():
                return None
            return await self.find_message(author, match)

        async def found() -> bool:
            return await on_page() is not None

        async def search() -> Act:
            for hit in await self.visible('[data-testid="search-result"]'):
                if exact(match).casefold() in exact(hit["text"]).casefold():
                    link = await self.one(
                        f'[data-testid="search-result"][data-message-id='
                        f'"{hit["attrs"]["data-message-id"]}"] a.hit-body'
                    )
                    if link is not None:
                        return Act.of("open the message from the search results.", self.click(link))
            box = await self.one('[data-testid="search-input"]')
            if box is None:
                raise PageBusy("no search box")
            enter = call("key", keys=["enter"])
            return Act.of(f"search the workspace for {query}.", *self.fill(box, query), enter)

        async def target() -> Element:
            msg = await on_page()
            if msg is None:
                raise PageBusy("the message is not on the page")
            return msg

        async def pinned() -> bool:
            sel = self.message_selector(await target())
            return bool(await self.all(f'{sel} [data-testid="pinned-label"]'))

        async def pin() -> Act:
            return await self.message_action(await target(), "pin-message")

        return [
            Stage("find the message", found, search, tries=8),
            Stage("pin it", pinned, pin, tries=8),
        ]


class GroupDmByRoleOracle(ChatOracle):
    """``group-dm-by-role``: the directory's titles, the new-message page's picks, the post."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.holders: dict[str, tuple[str, str]] = {}  # role -> (handle, display name)

    def stages(self) -> list[Stage]:
        roles = [str(self.p["first_role"]), str(self.p["second_role"])]

        async def known() -> bool:
            if await self.one('[data-testid="people-directory"]') is None:
                return False
            for card in await self.all('[data-testid="person-card"]'):
                handle = str(card["attrs"].get("data-user"))
                name = await self.all(f'[data-testid="person-card"][data-user="{handle}"] strong')
                title = await self.all(f'[data-testid="person-card"][data-user="{handle}"] small')
                if name and title and exact(title[0]["text"]) in roles:
                    self.holders[exact(title[0]["text"])] = (handle, exact(name[0]["text"]))
            if len(self.holders) < 2:
                raise PageBusy("the directory does not show both titles yet")
            return True

        async def directory() -> Act:
            link = await self.one('[data-testid="people-link"]')
            if link is None:
                raise PageBusy("no sidebar")
            return Act.of("open the people directory.", self.click(link))

        async def in_group() -> bool:
            conv = await self.one('[data-testid="conversation"]')
            here = await self.one('[data-testid="sidebar-dm"].active .label')
            names = {name for _, name in self.holders.values()}
            return (
                conv is not None
                and str(conv["attrs"].get("data-conv", "")).startswith("d-")
                and here is not None
                and set(exact(here["text"]).split(", ")) == names
            )

        async def start_group() -> Act:
            picks = {f"dm-pick-{handle}" for handle, _ in self.holders.values()}
            if await self.one('[data-testid="new-dm-page"]') is not None:
                for pick in await self.visible('[data-testid^="dm-pick-"]'):
                    wanted = pick["attrs"].get("data-testid") in picks
                    if bool(pick.get("checked")) != wanted:
                        return await self.click_within(pick, ".pick-list", "pick the two holders.")
                start = await self.one('[data-testid="dm-start"]')
                if start is not None:
                    return Act.of("go to the group conversation.", self.click(start))
            new = await self.one('[data-testid="new-dm"]')
            if new is None:
                raise PageBusy("no sidebar")
            return Act.of("start a new message.", self.click(new))

        return [
            Stage("find the two titles in the directory", known, directory, tries=6),
            Stage("open the group conversation", in_group, start_group, tries=12),
            self.post_stage(str(self.p["text"])),
        ]
