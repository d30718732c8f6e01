"""GUI oracles of team-chat's search families: find a message whose channel is not named.

The oracle searches the workspace from the top bar (the author as ``from:@handle`` and a few
words of the message), follows the hit to the message in its conversation, and acts on it
there; every step is read back from the page like the other chat oracles do.
"""

from __future__ import annotations

import re

from cuagym.domains._web_oracle import Act, Element, PageBusy, Stage, call

from ._oracle import HANDLES, ChatOracle, exact

__all__ = ["PinFoundMessageOracle", "search_query"]


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
