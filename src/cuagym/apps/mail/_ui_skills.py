"""UI skills of the mail app: how an oracle reads its pages and works them (searches, list
selections, forms, compose), on the web oracle kit (:mod:`cuagym.apps.web_oracle`).

A task family's oracle subclasses :class:`MailOracle` and lists its stages; the skills here know
the page (its test ids, what a loaded page shows), never a task. Lists are worked the way a
person triages mail: a search, select all, one toolbar action; every stage reads its effect
back from the page before the next one starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import parse_qs, urlsplit

from cuagym.apps.mail.reward_lib import body_parts, exact, text_lines
from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage, WebOracle, call

__all__ = ["MailOracle"]

SEARCH = '[data-testid="search-input"]'
ROW = '[data-testid="thread-row"]'


def _css_string(value: str) -> str:
    """``value`` as a CSS attribute string."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _quoted(value: str) -> str:
    """A search operator's value, quoted when it has spaces (``label:"Follow up"``)."""
    return f'"{value}"' if " " in value else value


class MailOracle(WebOracle):
    """What every mail oracle reads and does: searches, list selections, forms, compose."""

    #: a conversation's row in a list
    ROW = ROW
    css = staticmethod(_css_string)
    quoted = staticmethod(_quoted)

    # -- where we are -------------------------------------------------------------------------
    async def loaded(self) -> bool:
        """Has the whole page been parsed? (The confirm dialog is the last thing base.html
        renders: an absence seen before it is not trusted.)"""
        return bool(await self.all("#dlg-confirm"))

    async def me(self) -> str:
        account = await self.one('[data-testid="account"]')
        if account is None:
            raise PageBusy("no account shown")
        title = str(account["attrs"].get("title", ""))
        return title.rsplit("<", 1)[-1].rstrip(">").strip().lower()

    async def on_search(self, query: str) -> bool:
        if not await self.loaded():
            return False
        box = await self.one(SEARCH)
        listing = await self.one('[data-testid="list"][data-view="search"]')
        if box is None or listing is None or box.get("value") != query:
            return False
        # The page's own address, not only the box: a typed query shows before its page loads.
        return parse_qs(urlsplit(await self.path()).query).get("q") == [query]

    async def search(self, query: str) -> Act:
        box = await self.one(SEARCH)
        if box is None:
            raise PageBusy("no search box")
        return Act.of(f"search for {query}.", *self.fill(box, query), call("key", keys=["enter"]))

    async def rows(self) -> list[Element]:
        return await self.visible(ROW)

    async def field_value(self, testid: str) -> str | None:
        found = await self.one(f'[data-testid="{testid}"]')
        return None if found is None else str(found.get("value") or "")

    async def reach(self, element: Element, thought: str, *, commits: bool = False) -> Act:
        """Click ``element``, scrolling the page to it first when it is out of reach."""
        if not element.get("clickable"):
            return Act.of("scroll to it.", await self.scroll_to(element))
        return Act.of(thought, self.click(element), commits=commits)

    async def nav(self, testid: str, thought: str) -> Act:
        link = await self.one(f'[data-testid="{testid}"]')
        if link is None:
            raise PageBusy(f"no {testid} link")
        return Act.of(thought, self.click(link))

    # -- lists: select all, then one toolbar action ---------------------------------------------
    async def select_all(self) -> Act | None:
        """An act ticking every row of the list, or None when all are ticked."""
        checks = await self.visible(f'{ROW} [data-testid="row-check"]')
        if not checks:
            raise PageBusy("no rows to select")
        if all(c.get("checked") for c in checks):
            return None
        if not any(c.get("checked") for c in checks):
            box = await self.one('[data-testid="select-all"]')
            if box is not None and box.get("clickable"):
                return Act.of("select every conversation in the list.", self.click(box))
        unticked = next(c for c in checks if not c.get("checked"))
        return await self.reach(unticked, "tick the conversation.")

    async def bulk(self, testid: str, thought: str) -> Act:
        """Tick every row, then click the toolbar button ``testid`` (a commit)."""
        tick = await self.select_all()
        if tick is not None:
            return tick
        button = await self.one(f'[data-testid="{testid}"]')
        if button is None or button.get("disabled"):
            raise PageBusy(f"{testid} is not enabled yet")
        return Act.of(thought, self.click(button), commits=True)

    async def bulk_label(self, label: str) -> Act:
        """Tick every row, open the toolbar's label menu, apply ``label`` (a commit)."""
        tick = await self.select_all()
        if tick is not None:
            return tick
        for button in await self.visible(
            '[data-testid="label-menu-pop"] [data-testid^="label-add-"]'
        ):
            if exact(button["text"]) == label and button.get("clickable"):
                return Act.of(f"apply the label {label}.", self.click(button), commits=True)
        menu = await self.one('[data-testid="list-toolbar"] [data-testid="label-menu"]')
        if menu is None:
            raise PageBusy("no label menu")
        return Act.of("open the label menu.", self.click(menu))

    async def labelled(self, row: Element, label: str) -> bool:
        chips = await self.all(
            f"{ROW}[data-thread-id={_css_string(row['attrs']['data-thread-id'])}] "
            f'[data-testid="label-chip"][data-label={_css_string(label)}]'
        )
        return bool(chips)

    # -- a conversation -------------------------------------------------------------------------
    async def on_thread(self, subject: str) -> bool:
        if not await self.loaded():
            return False
        title = await self.one('[data-testid="thread-subject"]')
        return title is not None and exact(title["text"]) == exact(subject)

    async def open_thread(self, subject: str, query: str) -> Act:
        """Open the conversation ``subject`` from the results of ``query``."""
        if not await self.on_search(query):
            return await self.search(query)
        for row in await self.rows():
            if exact(row["attrs"].get("data-subject")) == exact(subject):
                link = await self.one(
                    f"{ROW}[data-thread-id={_css_string(row['attrs']['data-thread-id'])}] "
                    '[data-testid="open-thread"]'
                )
                if link is not None:
                    return await self.reach(link, f"open the conversation {subject!r}.")
        raise PageBusy(f"no conversation {subject!r} in the results")

    def thread_stage(self, subject: str, sender: str) -> Stage:
        query = f"from:{sender}"

        async def done() -> bool:
            return await self.on_thread(subject) and not await self.visible(
                '[data-testid="compose-screen"]'
            )

        async def act() -> Act:
            return await self.open_thread(subject, query)

        return Stage(f"open {subject!r}", done, act, tries=8)

    async def sent_in_thread(self, typed: Sequence[str]) -> bool:
        """Does the open conversation hold a message from me whose typed part is ``typed``?"""
        me = await self.me()
        for msg in await self.all(f'[data-testid="message"][data-from={_css_string(me)}]'):
            body = await self.all(
                f'[data-testid="message"][data-message-id={_css_string(msg["attrs"]["data-message-id"])}]'
                ' [data-testid="message-body"]'
            )
            if body and exact(body[0]["text"]).startswith(exact(" ".join(typed))):
                return True
        return False

    # -- compose --------------------------------------------------------------------------------
    async def fill_step(self, fields: Sequence[tuple[str, str]]) -> Act | None:
        """An act filling the first field (by test id) that does not hold its text yet."""
        for testid, want in fields:
            found = await self.one(f'[data-testid="{testid}"]')
            if found is None:
                raise PageBusy(f"no {testid} field")
            if text_lines(found.get("value")) != text_lines(want):
                calls = self.fill(found, want)
                if found["attrs"].get("list"):  # close the address suggestions it opened
                    calls = (*calls, call("key", keys=["esc"]))
                return Act.of(f"fill in {testid.split('-')[-1]}.", *calls)
        return None

    async def press(self, testid: str, thought: str) -> Act:
        button = await self.one(f'[data-testid="{testid}"]')
        if button is None:
            raise PageBusy(f"no {testid} button")
        return await self.reach(button, thought, commits=True)

    # -- whole errands --------------------------------------------------------------------------
    def send_template_stage(
        self, template: str, subject: str, text: str, bcc: Sequence[dict[str, str]]
    ) -> Stage:
        """Compose, insert ``template``, everyone in ``bcc`` (To and Cc empty), Send."""
        recipients = ", ".join(f"{m['name']} <{m['email']}>" for m in bcc)

        async def done() -> bool:
            notice = await self.one('[data-testid="sent-notice"]')
            return notice is not None and await self.on_thread(subject)

        async def act() -> Act:
            if await self.one('[data-testid="compose-screen"]') is None:
                return await self.nav("compose", "write a new email.")
            body = await self.one('[data-testid="compose-body"]')
            if body is None:
                raise PageBusy("no message text")
            typed = body_parts(body.get("value"))[0]
            if typed != text_lines(text):
                if typed:  # something else (or the template twice): write it out instead
                    return Act.of("write the template's text.", *self.fill(body, text))
                for item in await self.visible('[data-testid="insert-template"]'):
                    named = exact(item["attrs"].get("data-name")) == exact(template)
                    if named and item.get("clickable"):  # the menu is open, not only parsed
                        return Act.of(f"insert {template}.", self.click(item))
                return await self.nav("template-menu", "open the Templates menu.")
            row = await self.one('[data-testid="compose-bcc"]')
            if row is None:
                return await self.nav("show-bcc", "show the Bcc field.")
            step = await self.fill_step([("compose-subject", subject), ("compose-bcc", recipients)])
            if step is not None:
                return step
            for empty in ("compose-to", "compose-cc"):
                if await self.field_value(empty):
                    box = await self.one(f'[data-testid="{empty}"]')
                    assert box is not None
                    return Act.of("empty the field.", *self.fill(box, ""))
            return await self.press("compose-send", "send it.")

        return Stage("send the template to the group", done, act, tries=16)
