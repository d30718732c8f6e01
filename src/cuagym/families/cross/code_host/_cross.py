"""Forge <-> chat families homed in code-host (one hub session holds both apps' states).

- ``announce-release``: publish a release on the forge, then announce it in a chat channel
  with the exact words asked; the chat's only change is that message.
- ``reviewers-from-chat``: a teammate asked in #engineering for reviewers on a pull request;
  request exactly those reviews on the forge. The facts live in the chat only, so the reward
  reads the task's params (what the message says) and requires the chat unchanged.

The forge's signed-in person is a member of the chat workspace too (same person, two apps).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.code_host.ops import create_release, set_reviewers
from cuagym.apps.team_chat import (
    DISPLAY,
    PERSONAS,
    add_message,
    base_world,
    channel_id,
    ensure_member,
    finish,
    gold_now,
)
from cuagym.apps.team_chat.edits import post_message
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.code_host.shared import (
    GEN_NOW,
    ME,
    REWARD_HELPERS,
    SEED,
    build_world,
    next_tag,
    open_pulls,
    params_of,
    pull_of,
    uid_of,
)
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.code_host._oracle import AnnounceReleaseOracle, ReviewersFromChatOracle
from cuagym.families.team_chat.shared import validate
from cuagym.scripts import WEB_LIBRARIES, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["AnnounceRelease", "ReviewersFromChat"]

FORGE, CHAT = "code-host", "team-chat"
#: the forge's signed-in person in the chat workspace
CHAT_ME = {"id": "u-mara", "name": "mara.okafor", "title": "Engineering Manager"}
_CHECKS = "cuagym.families.cross.code_host._checks"
_READ = """
data = hub_state("code-host")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
chat = hub_state("team-chat")
cinit, ccur, cdiff = chat["initial_state"], chat["current_state"], chat["state_diff"]
cme = cinit["currentUser"]
"""


def chat_world(rng: random.Random) -> dict[str, Any]:
    """The chat seed, varied, with the forge's person signed in and in #general and
    #engineering."""
    me = CHAT_ME["id"]
    world = base_world(rng, me)
    world["users"][me] = {
        "id": me,
        "name": CHAT_ME["name"],
        "displayName": ME,
        "title": CHAT_ME["title"],
        "email": f"{CHAT_ME['name']}@{world['workspace']['slug']}.example",
        "timezone": "Europe/Berlin",
        "avatarColor": "#33658a",
        "statusText": "",
        "isAdmin": False,
    }
    for name in ("general", "engineering"):
        ensure_member(world, channel_id(world, name), me)
    finish(world, rng)
    return world


class _CrossFamily(TaskFamily):
    domain: ClassVar[str] = FORGE
    apps: ClassVar[tuple[str, ...]] = (FORGE, CHAT)

    def reward(self, task: TaskConfig, header: str) -> str:
        return compose_reward(
            header=f"# reward.py: {header}",
            imports="import json\n",
            libraries=[*WEB_LIBRARIES, REWARD_HELPERS],
            constants=f"P = json.loads({json.dumps(params_of(task))!r})",
            read=_READ,
            body=inlined_file(_CHECKS, self.id.replace("-", "_") + ".py"),
        )

    def scripts(
        self,
        forge: tuple[dict[str, Any], dict[str, Any]],
        chat: tuple[dict[str, Any], dict[str, Any]],
    ) -> GeneratedScripts:
        validate(chat[0], f"{self.id} chat world")
        validate(chat[1], f"{self.id} chat gold")
        edits = {FORGE: record_edits(*forge), CHAT: record_edits(*chat)}
        return GeneratedScripts(
            setup_script({FORGE: forge[0], CHAT: chat[0]}, self.id), patch_script(edits, self.id)
        )


# -- announce-release (hard) --------------------------------------------------------------------
_NAMES = (
    "Winter hardening",
    "Faster checkout",
    "Quiet alerts",
    "Offline first",
    "Cleaner payouts",
    "Accessible forms",
)
_ANNOUNCE_FRAMES = (
    'Publish {repo} {tag} from main, titled "{name}", and tell the team in #{channel} with '
    "exactly this message: {text}",
    'Ship release {tag} of {repo} (target main, title "{name}"). Then post {text} in the '
    "#{channel} channel of the team chat.",
    'Cut the {repo} release {tag} on main named "{name}"; once it is out, announce it in '
    "#{channel} with the words {text}",
    '{repo} {tag} is ready: publish it from main as "{name}" and let #{channel} know by '
    "posting {text}",
    'Two things: publish release {tag} for {repo} (main, title "{name}", not a pre-release), '
    "and post {text} to #{channel}.",
)


class AnnounceReleaseParams(TaskParams):
    repo: str
    tag: str
    name: str
    channel: str
    text: str


class AnnounceRelease(_CrossFamily):
    id: ClassVar[str] = "announce-release"
    params_type: ClassVar[type[TaskParams] | None] = AnnounceReleaseParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("releases", "publish", "announce")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:messaging/compose/post-message",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The chat, then the forge on top: the release comes first."""
        return [StartWindow(app=CHAT, page="/"), StartWindow(app=FORGE, page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return AnnounceReleaseOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        repo = rng.choice(sorted(SEED["repos"]))
        tag, name = next_tag(SEED, repo, False), rng.choice(_NAMES)
        channel = rng.choice(["general", "engineering"])
        text = f"{repo} {tag} is out: {name}"
        frame = rng.choice(_ANNOUNCE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(repo=repo, tag=tag, name=name, channel=channel, text=f'"{text}"'),
            f"You are {ME}, signed in to both the code forge and the team chat, and a member of "
            f"#{channel}. No release {tag} of {repo} exists yet.",
            repo=repo,
            tag=tag,
            name=name,
            channel=channel,
            text=text,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = AnnounceReleaseParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        create_release(
            gold,
            p.repo,
            CHAT_ME["id"],
            tag=p.tag,
            name=p.name,
            notes="",
            target="main",
            prerelease=False,
            draft=False,
            now=GEN_NOW,
        )
        chat = chat_world(family_rng(task, "chat"))
        chat_gold = copy.deepcopy(chat)
        cid = channel_id(chat_gold, p.channel)
        post_message(chat_gold, cid, CHAT_ME["id"], p.text, now=gold_now(chat_gold))
        return self.scripts((world, gold), (chat, chat_gold))

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task)
        return self.reward(
            task, f"{p['repo']} {p['tag']} released and announced in #{p['channel']}"
        )


# -- reviewers-from-chat (medium) ---------------------------------------------------------------
_ASKS = (
    "@{me} could you ask {a} and {b} to review {repo} #{number} ({title})? They know that code "
    "best.",
    '@{me} when you have a sec: {repo} #{number} "{title}" needs reviews from {a} and {b}, '
    "can you request them on the forge?",
    "Hey @{me}, please get {a} and {b} on the reviewers of {repo} #{number} before Friday.",
)
_CHAT_FRAMES = (
    "{asker} asked you in the team chat's #{channel} channel to get reviewers on a pull request. "
    "Request exactly the reviews asked for on the code forge.",
    "There is a request for you from {asker} in #{channel}: do what it asks on the forge "
    "(reviewers for a pull request). Leave the chat as it is.",
    "Check #{channel} in the team chat: {asker} wants reviews requested on one of our pull "
    "requests. Set that up on the code forge.",
    "{asker} posted in #{channel} which people should review a pull request. Request reviews "
    "from them on the forge; keep the reviewers already requested.",
    "Act on {asker}'s message to you in #{channel}: the pull request it names should get the "
    "reviewers it names, on the code forge.",
)


class ReviewersFromChatParams(TaskParams):
    asker: str
    channel: str
    repo: str
    number: int
    logins: list[str]


class ReviewersFromChat(_CrossFamily):
    id: ClassVar[str] = "reviewers-from-chat"
    params_type: ClassVar[type[TaskParams] | None] = ReviewersFromChatParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pull-requests", "review", "from-chat")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:navigation/sidebar/open-conversation",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The forge, then the chat on top: the request is read first."""
        return [StartWindow(app=FORGE, page="/"), StartWindow(app=CHAT, page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return ReviewersFromChatOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pull = rng.choice(open_pulls(SEED))
        free = sorted(
            m["userId"]
            for m in SEED["members"].values()
            if m["repoId"] == pull["repoId"]
            and m["userId"] != pull["authorId"]
            and m["userId"] not in pull["reviewers"]
            and m["userId"] != "u-mara"
        )
        logins = sorted(SEED["users"][u]["login"] for u in rng.sample(free, k=2))
        asker = DISPLAY[rng.choice(PERSONAS)]
        frame = rng.choice(_CHAT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(asker=asker, channel="engineering"),
            f"You are {ME}, signed in to both the team chat (as {CHAT_ME['name']}) and the code "
            "forge. Reviews already requested on the pull request stay requested.",
            asker=asker,
            channel="engineering",
            repo=pull["repoId"],
            number=pull["number"],
            logins=logins,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ReviewersFromChatParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        pull = pull_of(gold, p.repo, p.number)
        set_reviewers(gold, pull["id"], pull["reviewers"] + [uid_of(gold, x) for x in p.logins])
        rng = family_rng(task, "chat")
        chat = chat_world(rng)
        sender = next(u for u, name in DISPLAY.items() if name == p.asker)
        text = rng.choice(_ASKS).format(
            me=CHAT_ME["name"],
            a=p.logins[0],
            b=p.logins[1],
            repo=p.repo,
            number=p.number,
            title=pull["title"],
        )
        cid = channel_id(chat, p.channel)
        ensure_member(chat, cid, sender)
        add_message(chat, cid, sender, text, minutes=12)
        return self.scripts((world, gold), (chat, copy.deepcopy(chat)))

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task)
        return self.reward(task, f"reviewers on {p['repo']} #{p['number']} as asked in the chat")
