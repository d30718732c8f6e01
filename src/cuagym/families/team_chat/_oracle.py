"""GUI oracles of team-chat's families: each solves its task the way a person would, in Chromium.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (:mod:`cuagym.apps.web_oracle`). Every
stage checks the page for its effect (the post is in the list, the reaction chip is pressed,
the topic reads as asked) and acts again, or gives up, when it is not there.
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.team_chat import HANDLES
from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage, WebOracle, call
from cuagym.core import TaskConfig

__all__ = [
    "ChatOracle",
    "CreatePrivateChannelOracle",
    "FixOwnMessageOracle",
    "JoinAndPostOracle",
    "ModerateAsAdminOracle",
    "ReactToMessageOracle",
    "ReplyInThreadOracle",
    "SendDirectMessageOracle",
    "SetChannelTopicOracle",
    "UpdateProfileOracle",
    "WrapUpChannelOracle",
]

#: display name -> handle (``Priya Nair`` -> ``priya.nair``): messages carry the handle.
MAIN = "#messages"
THREAD = "#thread-messages"


def exact(text: Any) -> str:
    """Text as the page shows it, runs of whitespace as one space."""
    return " ".join(str(text).split())


def _q(value: str) -> str:
    """``value`` as a CSS attribute string."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class ChatOracle(WebOracle):
    """What every team-chat oracle reads and does: conversations, messages, the composer."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.me = HANDLES[self.p["me"]]
        self._seen_text: dict[str, str] = {}
        self._found: dict[tuple[str, str, str], str] = {}

    # -- where we are -------------------------------------------------------------------------
    async def conversation_title(self) -> str | None:
        title = await self.one(
            '.conv-title [data-testid="channel-name"], [data-testid="channel-name"]'
        )
        return exact(title["text"]) if title is not None else None

    async def loaded(self) -> bool:
        """Has the whole page been parsed? (The delete dialog is the last thing base.html
        renders: an absence seen before it is not trusted.)"""
        return bool(await self.all("#dlg-confirm-delete"))

    async def on_channel(self, name: str) -> bool:
        return (
            await self.loaded()
            and await self.conversation_title() == name
            and not await self.visible("dialog[open]")
        )

    async def signed_in_as(self) -> str:
        who = await self.one('[data-testid="current-user-name"]')
        if who is None:
            raise PageBusy("no signed-in user shown")
        return exact(who["text"])

    # -- messages -----------------------------------------------------------------------------
    async def messages(self, where: str = MAIN, sender: str | None = None) -> list[Element]:
        sel = f'{where} [data-testid="message"]'
        if sender is not None:
            sel += f"[data-sender={_q(sender)}]"
        return await self.all(sel)

    async def text_of(self, message: Element, where: str = MAIN) -> str:
        prefix = "m" if where == MAIN else "t"
        mid = message["attrs"]["data-message-id"]
        found = await self.all(f'#{prefix}-{mid} [data-testid="message-text"]')
        if not found:
            return ""
        return exact(str(found[0]["text"]).removesuffix("(edited)"))

    async def find_message(self, sender: str, match: str, where: str = MAIN) -> Element | None:
        """The message of ``sender`` whose text holds ``match`` (case and spacing aside).

        Once found, a message is followed by its id: while it is being edited its text is in
        a text box, not in the message's own text."""
        key = (sender, match, where)
        known = self._found.get(key)
        if known is not None:
            found = await self.all(f"#{'m' if where == MAIN else 't'}-{known}")
            return found[0] if found else None
        want = exact(match).casefold()
        for msg in await self.messages(where, sender):
            if want in exact(msg["text"]).casefold():
                self._found[key] = str(msg["attrs"]["data-message-id"])
                return msg
        return None

    async def posted(self, text: str, where: str = MAIN, sender: str | None = None) -> int:
        """How many messages of ``sender`` (default: me) read exactly ``text``."""
        texts = await self.all(
            f'{where} [data-testid="message"][data-sender={_q(sender or self.me)}] '
            '[data-testid="message-text"]'
        )
        return sum(exact(str(t["text"]).removesuffix("(edited)")) == exact(text) for t in texts)

    def message_selector(self, message: Element, where: str = MAIN) -> str:
        return f"#{'m' if where == MAIN else 't'}-{message['attrs']['data-message-id']}"

    async def reveal(self, message: Element, where: str = MAIN) -> Act | None:
        """An act that brings ``message`` into its list's view, or None when it is in view."""
        box = await self.one(where)
        if box is None:
            raise PageBusy("no message list")
        if self.inside(message, box):
            return None
        return Act.of("scroll the conversation to the message.", self.scroll_towards(message, box))

    async def message_action(self, message: Element, testid: str, where: str = MAIN) -> Act:
        """Hover ``message`` to show its action bar, then click the action ``testid``."""
        scroll = await self.reveal(message, where)
        if scroll is not None:
            return scroll
        button = await self.one(f'{self.message_selector(message, where)} [data-testid="{testid}"]')
        if button is None or not button.get("clickable"):
            return Act.of("point at the message to show its actions.", self.hover(message))
        commits = testid in ("pin-message",)
        return Act.of(
            f"click the message's {testid.replace('-', ' ')} button.",
            self.click(button),
            commits=commits,
        )

    async def click_within(
        self, element: Element, container: str, thought: str, *, commits: bool = False
    ) -> Act:
        """Click ``element``, first scrolling ``container`` (a scrolled list) to it if needed."""
        box = await self.one(container)
        if box is not None and not self.inside(element, box):
            return Act.of("scroll the list to it.", self.scroll_towards(element, box))
        if not element.get("clickable"):
            raise PageBusy("something covers the element")
        return Act.of(thought, self.click(element), commits=commits)

    # -- the composer -------------------------------------------------------------------------
    async def send(self, text: str, testid: str = "composer") -> Act:
        """Type ``text`` into the composer; once it holds exactly that, press Enter."""
        box = await self.one(f'[data-testid="{testid}-input"]')
        if box is None:
            raise PageBusy(f"no {testid} on the page")
        if box.get("value") == text:
            if not box.get("focused"):
                return Act.of("put the cursor in the message box.", self.click(box))
            return Act.of("send the message.", call("key", keys=["enter"]), commits=True)
        return Act.of(f"write the message: {text}", *self.fill(box, text))

    def post_stage(self, text: str, where: str = MAIN, testid: str = "composer") -> Stage:
        async def done() -> bool:
            return await self.posted(text, where) >= 1

        async def act() -> Act:
            return await self.send(text, testid)

        return Stage(f"post {text!r}", done, act, tries=8)

    # -- navigation ---------------------------------------------------------------------------
    async def go_to_channel(self, name: str) -> Act:
        link = await self.one(f'[data-testid="sidebar-channel"][data-channel={_q(name)}]')
        if link is not None:
            return await self.click_within(link, ".side-scroll", f"open #{name} from the sidebar.")
        row = await self.one(f'[data-testid="channel-row"][data-channel={_q(name)}] a.row-main')
        if row is not None:
            return Act.of(f"open #{name} from the channel list.", self.click(row))
        browse = await self.one('[data-testid="browse-channels"]')
        if browse is None:
            raise PageBusy("no sidebar")
        return Act.of("browse the channels to find it.", self.click(browse))

    def channel_stage(self, name: str) -> Stage:
        async def done() -> bool:
            return await self.on_channel(name)

        async def act() -> Act:
            return await self.go_to_channel(name)

        return Stage(f"open #{name}", done, act)

    async def open_channel_menu(self, item: str) -> Act:
        """Open the channel's header menu, then click its ``item`` (a menu entry's test id)."""
        entry = await self.one(f'[data-testid="{item}"]')
        if entry is not None and entry.get("clickable"):
            return Act.of(
                f"choose {item.removeprefix('menu-').replace('-', ' ')} in the menu.",
                self.click(entry),
            )
        menu = await self.one('[data-testid="channel-menu"]')
        if menu is None:
            raise PageBusy("no channel menu")
        return Act.of("open the channel's menu.", self.click(menu))


class SetChannelTopicOracle(ChatOracle):
    """``set-channel-topic``: open the channel, its topic dialog, type, save, read it back."""

    def stages(self) -> list[Stage]:
        topic = str(self.p["topic"])

        async def done() -> bool:
            shown = await self.one('[data-testid="channel-topic"]')
            return shown is not None and exact(shown["text"]) == exact(topic)

        async def act() -> Act:
            field = await self.one('[data-testid="topic-input"]')
            if field is not None:
                if field.get("value") == topic:
                    save = await self.one('[data-testid="topic-save"]')
                    if save is not None:
                        return Act.of("save the topic.", self.click(save), commits=True)
                return Act.of("type the new topic.", *self.fill(field, topic))
            link = await self.one('[data-testid="channel-topic"]')
            if link is None:
                raise PageBusy("no topic on the page")
            return Act.of("open the topic editor.", self.click(link))

        return [
            self.channel_stage(str(self.p["channel"])),
            Stage("set the topic", done, act, tries=8),
        ]


class ReactToMessageOracle(ChatOracle):
    """``react-to-message``: find the author's message, open its emoji picker, pick the emoji."""

    def stages(self) -> list[Stage]:
        author, emoji = HANDLES[self.p["author"]], str(self.p["emoji"])

        async def target() -> Element:
            msg = await self.find_message(author, self.p["match"])
            if msg is None:
                raise PageBusy("the message is not on the page")
            return msg

        async def done() -> bool:
            sel = self.message_selector(await target())
            mine = f'{sel} [data-testid="reaction"][data-emoji={_q(emoji)}][aria-pressed="true"]'
            return bool(await self.all(mine))

        async def act() -> Act:
            msg = await target()
            sel = self.message_selector(msg)
            scroll = await self.reveal(msg)
            if scroll is not None:
                return scroll
            pick = await self.one(f'{sel} [data-testid="emoji-{emoji}"]')
            if pick is not None and pick.get("clickable"):
                return Act.of(f"pick :{emoji}:.", self.click(pick), commits=True)
            chip = await self.one(f'{sel} [data-testid="reaction"][data-emoji={_q(emoji)}]')
            if chip is not None and chip.get("clickable"):
                return Act.of(f"add my :{emoji}: to the reaction.", self.click(chip), commits=True)
            return await self.message_action(msg, "add-reaction")

        return [
            self.channel_stage(str(self.p["channel"])),
            Stage(f"react with :{emoji}:", done, act, tries=8),
        ]


class UpdateProfileOracle(ChatOracle):
    """``update-profile``: open your profile, edit it, fill title and status, save."""

    def stages(self) -> list[Stage]:
        title, status = str(self.p["title"]), str(self.p["status"])

        async def done() -> bool:
            if await self.visible('[data-testid="profile-form"]'):
                return False
            shown_title = await self.one('[data-testid="profile"] .profile-title')
            shown_status = await self.one('[data-testid="profile-status"]')
            mine = await self.one(f'[data-testid="profile"][data-user={_q(self.me)}]')
            return bool(
                mine
                and shown_title
                and shown_status
                and exact(shown_title["text"]) == exact(title)
                and exact(shown_status["text"]) == exact(status)
            )

        async def act() -> Act:
            form = await self.one('[data-testid="profile-form"]')
            if form is not None:
                for testid, want in (("profile-title", title), ("profile-status-input", status)):
                    field = await self.one(f'[data-testid="{testid}"]')
                    if field is not None and field.get("value") != want:
                        return Act.of(f"fill in: {want}", *self.fill(field, want))
                save = await self.one('[data-testid="profile-save"]')
                if save is not None:
                    return Act.of("save the profile.", self.click(save), commits=True)
            edit = await self.one('[data-testid="edit-profile"]')
            if edit is not None:
                return Act.of("edit my profile.", self.click(edit))
            me = await self.one('[data-testid="current-user"]')
            if me is None:
                raise PageBusy("no profile link")
            return Act.of("open my profile.", self.click(me))

        return [Stage("update the profile", done, act, tries=10)]


class ReplyInThreadOracle(ChatOracle):
    """``reply-in-thread``: open the question's thread, write the answer there, send it."""

    def stages(self) -> list[Stage]:
        author, text = HANDLES[self.p["author"]], str(self.p["answer"])

        async def question() -> Element:
            msg = await self.find_message(author, self.p["match"])
            if msg is None:
                raise PageBusy("the question is not on the page")
            return msg

        async def thread_done() -> bool:
            panel = await self.one('[data-testid="thread-panel"]')
            msg = await question()
            return (
                panel is not None
                and panel["attrs"].get("data-parent") == msg["attrs"]["data-message-id"]
            )

        async def thread_act() -> Act:
            msg = await question()
            summary = await self.one(f'{self.message_selector(msg)} [data-testid="thread-summary"]')
            if summary is not None and summary.get("clickable"):
                return Act.of("open the question's thread.", self.click(summary))
            return await self.message_action(msg, "reply-in-thread")

        async def reply_done() -> bool:
            return await thread_done() and await self.posted(text, THREAD) >= 1

        async def reply_act() -> Act:
            return await self.send(text, "thread-composer")

        return [
            self.channel_stage(str(self.p["channel"])),
            Stage("open the thread", thread_done, thread_act),
            Stage("reply in the thread", reply_done, reply_act, tries=8),
        ]


class FixOwnMessageOracle(ChatOracle):
    """``fix-own-message``: edit your message, replacing only the wrong part."""

    def stages(self) -> list[Stage]:
        wrong, right = str(self.p["wrong"]), str(self.p["right"])

        async def target() -> Element:
            msg = await self.find_message(self.me, self.p["match"])
            if msg is None:
                raise PageBusy("my message is not on the page")
            return msg

        async def expected(msg: Element) -> str:
            mid = msg["attrs"]["data-message-id"]
            if mid not in self._seen_text:
                if await self.visible(f'{self.message_selector(msg)} [data-testid="edit-input"]'):
                    raise PageBusy("the message is being edited before I read it")
                self._seen_text[mid] = await self.text_of(msg)
            return self._seen_text[mid].replace(wrong, right)

        async def done() -> bool:
            msg = await target()
            want = await expected(msg)
            editing = await self.visible(f'{self.message_selector(msg)} [data-testid="edit-input"]')
            return not editing and await self.text_of(msg) == exact(want)

        async def act() -> Act:
            msg = await target()
            want = await expected(msg)
            field = await self.one(f'{self.message_selector(msg)} [data-testid="edit-input"]')
            if field is not None:
                if field.get("value") == want:
                    if not field.get("focused"):
                        return Act.of("put the cursor in the edit box.", self.click(field))
                    return Act.of("save the edit.", call("key", keys=["enter"]), commits=True)
                return Act.of(f"write the corrected text: {want}", *self.fill(field, want))
            return await self.message_action(msg, "edit-message")

        return [
            self.channel_stage(str(self.p["channel"])),
            Stage("correct the message", done, act, tries=8),
        ]


class SendDirectMessageOracle(ChatOracle):
    """``send-direct-message``: open (or start) the 1:1 conversation, send the message."""

    def stages(self) -> list[Stage]:
        to, text = str(self.p["to"]), str(self.p["text"])
        handle = HANDLES[to]

        async def open_done() -> bool:
            conv = await self.one('[data-testid="conversation"]')
            if conv is None or not str(conv["attrs"].get("data-conv", "")).startswith("d-"):
                return False
            here = await self.one('[data-testid="sidebar-dm"].active .label')
            return here is not None and exact(here["text"]) == to

        async def open_act() -> Act:
            for label in await self.visible('[data-testid="sidebar-dm"] .label'):
                if exact(label["text"]) == to:
                    return await self.click_within(
                        label, ".side-scroll", f"open the conversation with {to}."
                    )
            if await self.one('[data-testid="new-dm-page"]') is not None:
                for pick in await self.visible('[data-testid^="dm-pick-"]'):
                    wanted = pick["attrs"].get("data-testid") == f"dm-pick-{handle}"
                    if bool(pick.get("checked")) != wanted:
                        return await self.click_within(
                            pick, ".pick-list", "pick only the one person."
                        )
                start = await self.one('[data-testid="dm-start"]')
                if start is not None:
                    return Act.of(f"go to the conversation with {to}.", self.click(start))
            new = await self.one('[data-testid="new-dm"]')
            if new is None:
                raise PageBusy("no sidebar")
            return Act.of("start a new direct message.", self.click(new))

        return [
            Stage(f"open the DM with {to}", open_done, open_act, tries=10),
            self.post_stage(text),
        ]


class JoinAndPostOracle(ChatOracle):
    """``join-and-post``: find the channel, join it, introduce yourself."""

    def stages(self) -> list[Stage]:
        async def joined() -> bool:
            return await self.one('[data-testid="composer-input"]') is not None

        async def join() -> Act:
            button = await self.one('[data-testid="join-bar"] [data-testid="join-channel"]')
            if button is None:
                raise PageBusy("no join button")
            return Act.of("join the channel.", self.click(button), commits=True)

        return [
            self.channel_stage(str(self.p["channel"])),
            Stage("join the channel", joined, join),
            self.post_stage(str(self.p["text"])),
        ]


class CreatePrivateChannelOracle(ChatOracle):
    """``create-private-channel``: create it (private, described), add the two, post."""

    def stages(self) -> list[Stage]:
        name, purpose = str(self.p["channel"]), str(self.p["purpose"])
        people = [HANDLES[self.p["first"]], HANDLES[self.p["second"]]]

        async def created() -> bool:
            locked = await self.one('[data-testid="channel-name"] .icon-lock')
            return await self.on_channel(name) and locked is not None

        async def create() -> Act:
            dialog = await self.one('[data-testid="new-channel-dialog"]')
            if dialog is None:
                add = await self.one('[data-testid="add-channel"]')
                if add is None:
                    raise PageBusy("no sidebar")
                return Act.of("add a channel.", self.click(add))
            for testid, want in (("new-channel-name", name), ("new-channel-purpose", purpose)):
                field = await self.one(f'[data-testid="{testid}"]')
                if field is not None and field.get("value") != want:
                    return Act.of(f"fill in: {want}", *self.fill(field, want))
            private = await self.one('[data-testid="new-channel-private"]')
            if private is not None and not private.get("checked"):
                return Act.of("make it private.", self.click(private))
            button = await self.one('[data-testid="new-channel-create"]')
            if button is None:
                raise PageBusy("no create button")
            return Act.of("create the channel.", self.click(button), commits=True)

        async def added() -> bool:
            if not await self.on_channel(name):
                return False
            left = [p for p in people if await self.all(f'[data-testid="add-person-{p}"]')]
            count = await self.one('[data-testid="member-count"]')
            return not left and count is not None and count["attrs"].get("title") == "3 members"

        async def add() -> Act:
            dialog = await self.one('[data-testid="add-people-dialog"]')
            if dialog is None:
                return await self.open_channel_menu("menu-add-people")
            for person in people:
                box = await self.one(f'[data-testid="add-person-{person}"]')
                if box is not None and not box.get("checked"):
                    return await self.click_within(box, ".pick-list", f"tick {person}.")
            ticked = [
                b for b in await self.visible('[data-testid^="add-person-"]') if b.get("checked")
            ]
            for box in ticked:
                if box["attrs"].get("data-testid") not in {f"add-person-{p}" for p in people}:
                    return await self.click_within(box, ".pick-list", "untick someone else.")
            save = await self.one('[data-testid="add-people-save"]')
            if save is None:
                raise PageBusy("no add button")
            return Act.of("add them.", self.click(save), commits=True)

        return [
            Stage(f"create #{name}", created, create, tries=10),
            Stage("add the two people", added, add, tries=10),
            self.post_stage(str(self.p["text"])),
        ]


class WrapUpChannelOracle(ChatOracle):
    """``wrap-up-channel``: pin the summary, post the sign-off, archive the channel."""

    def stages(self) -> list[Stage]:
        author = HANDLES[self.p["author"]]

        async def summary() -> Element:
            msg = await self.find_message(author, self.p["match"])
            if msg is None:
                raise PageBusy("the summary is not on the page")
            return msg

        async def pinned() -> bool:
            sel = self.message_selector(await summary())
            return bool(await self.all(f'{sel} [data-testid="pinned-label"]'))

        async def pin() -> Act:
            return await self.message_action(await summary(), "pin-message")

        async def archived() -> bool:
            return await self.one('[data-testid="archived-banner"]') is not None

        async def archive() -> Act:
            confirm = await self.one('[data-testid="archive-confirm"]')
            if confirm is not None:
                return Act.of("confirm: archive the channel.", self.click(confirm), commits=True)
            return await self.open_channel_menu("menu-archive")

        return [
            self.channel_stage(str(self.p["channel"])),
            Stage("pin the summary", pinned, pin, tries=8),
            self.post_stage(str(self.p["text"])),
            Stage("archive the channel", archived, archive, tries=8),
        ]


class ModerateAsAdminOracle(ChatOracle):
    """``moderate-as-admin``: switch to the admin, delete the post, post the notice."""

    def stages(self) -> list[Stage]:
        admin, channel = str(self.p["admin"]), str(self.p["channel"])
        poster = HANDLES[self.p["poster"]]

        async def switched() -> bool:
            return await self.signed_in_as() == admin

        async def switch() -> Act:
            button = await self.one(f'[data-testid="switch-to-{HANDLES[admin]}"]')
            if button is not None:
                return Act.of(f"switch to {admin}.", self.click(button), commits=True)
            link = await self.one('[data-testid="switch-user"]')
            if link is None:
                raise PageBusy("no switch-user link")
            return Act.of("open the switch-user page.", self.click(link))

        async def removed() -> bool:
            if not await self.on_channel(channel) and not await self.visible("dialog[open]"):
                return False
            return await self.find_message(poster, self.p["match"]) is None

        async def remove() -> Act:
            confirm = await self.one('[data-testid="delete-confirm"]')
            if confirm is not None:
                return Act.of("confirm the deletion.", self.click(confirm), commits=True)
            msg = await self.find_message(poster, self.p["match"])
            if msg is None:
                raise PageBusy("the post is not on the page")
            return await self.message_action(msg, "delete-message")

        self.me = HANDLES[admin]  # the notice is posted as the admin
        return [
            Stage(f"switch to {admin}", switched, switch, tries=6),
            self.channel_stage(channel),
            Stage("delete the off-topic post", removed, remove, tries=8),
            self.post_stage(str(self.p["text"])),
        ]


ORACLES: dict[str, type[ChatOracle]] = {
    "set-channel-topic": SetChannelTopicOracle,
    "react-to-message": ReactToMessageOracle,
    "update-profile": UpdateProfileOracle,
    "reply-in-thread": ReplyInThreadOracle,
    "fix-own-message": FixOwnMessageOracle,
    "send-direct-message": SendDirectMessageOracle,
    "join-and-post": JoinAndPostOracle,
    "create-private-channel": CreatePrivateChannelOracle,
    "wrap-up-channel": WrapUpChannelOracle,
    "moderate-as-admin": ModerateAsAdminOracle,
}
