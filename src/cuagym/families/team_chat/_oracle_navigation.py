"""GUI oracles of team-chat's navigation families: moving around the sidebar.

``catch-up-unread``: open each sidebar conversation that carries an unread badge until none
does (a visit marks a conversation read), then open the DM with the asker and answer there.
"""

from __future__ import annotations

from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage
from cuagym.families.team_chat._oracle import ChatOracle, exact

__all__ = ["CatchUpUnreadOracle"]


class CatchUpUnreadOracle(ChatOracle):
    def stages(self) -> list[Stage]:
        asker = str(self.p["asker"])

        async def all_read() -> bool:
            return await self.loaded() and not await self.all('[data-testid="unread-count"]')

        async def read_next() -> Act:
            for link in await self.visible(".side-item.unread"):
                name = await self.all(f"{_link_selector(link)} .label")
                what = exact(name[0]["text"]) if name else "the next conversation"
                return await self.click_within(link, ".side-scroll", f"open {what}.")
            raise PageBusy("an unread badge is not in the sidebar yet")

        async def dm_link() -> Element:
            for link in await self.all('[data-testid="sidebar-dm"]'):
                label = await self.all(f"{_link_selector(link)} .label")
                if label and exact(label[0]["text"]) == asker:
                    return link
            raise PageBusy(f"no direct conversation with {asker} in the sidebar")

        async def in_dm() -> bool:
            link = await dm_link()
            return (await self.path()).endswith(f"/d/{link['attrs']['data-dm']}") and (
                await self.loaded()
            )

        async def open_dm() -> Act:
            return await self.click_within(
                await dm_link(), ".side-scroll", f"open the conversation with {asker}."
            )

        return [
            Stage("read every unread conversation", all_read, read_next, tries=30),
            Stage(f"the conversation with {asker}", in_dm, open_dm),
            self.post_stage(str(self.p["answer"])),
        ]


def _link_selector(link: Element) -> str:
    """A CSS selector of one sidebar entry (by its channel name or DM id)."""
    attrs = link["attrs"]
    if "data-dm" in attrs:
        return f'[data-testid="sidebar-dm"][data-dm="{attrs["data-dm"]}"]'
    return f'[data-testid="sidebar-channel"][data-channel="{attrs["data-channel"]}"]'
