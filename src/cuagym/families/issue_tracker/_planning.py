"""Task families about planning and projects: sprint planning in the backlog, project settings,
completing a sprint, and triaging bugs found with a filter. The multi-step ones are verified
from the diff of the ``issues`` collection (and the sprint), never from UI events."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.issue_tracker import build_seed, category
from cuagym.apps.issue_tracker.edits import (
    complete_sprint,
    move_to_sprint,
    transition,
    update_issue,
    update_project,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.issue_tracker._common import (
    NOW,
    gold_from,
    patch_script,
    reward_script,
    setup_script,
    task_world,
)
from cuagym.families.issue_tracker._issues import ME, PROJECT_NAMES, IssueFamily
from cuagym.scripts import inlined_file

__all__ = [
    "CompleteSprint",
    "CompleteSprintParams",
    "ProjectSettings",
    "ProjectSettingsParams",
    "SprintPlanning",
    "SprintPlanningParams",
    "TriageBugs",
    "TriageBugsParams",
]


def _sprint_of(state: dict[str, Any], project: str, kind: str) -> dict[str, Any]:
    return next(
        s for s in state["sprints"].values() if s["project"] == project and s["state"] == kind
    )


def _has_subtasks(state: dict[str, Any], key: str) -> bool:
    return any(i["parent"] == key and i["type"] == "subtask" for i in state["issues"].values())


def _title(issue: dict[str, Any]) -> str:
    return f"{issue['key']} “{issue['title']}”"


class SprintPlanningParams(TaskParams):
    """Task parameters of ``SprintPlanning`` (in the order its tasks list them)."""

    project: str
    sprint_name: str
    bring: list[str]
    drop: str


class SprintPlanning(IssueFamily):
    id: ClassVar[str] = "sprint-planning"
    params_type: ClassVar[type[TaskParams] | None] = SprintPlanningParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("backlog", "sprint-planning", "move-issues")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        project = rng.choice(sorted(PROJECT_NAMES))
        planned = _sprint_of(seed, project, "planned")
        movable = [
            i
            for _, i in sorted(seed["issues"].items())
            if i["project"] == project
            and i["type"] in ("story", "bug", "task")
            and not _has_subtasks(seed, i["key"])
        ]
        backlog = [i for i in movable if i["sprint"] is None]
        inside = [i for i in movable if i["sprint"] == planned["id"]]
        bring = sorted(rng.sample(backlog, 2), key=lambda i: i["rank"])
        drop = rng.choice(inside)
        sn, b0, b1, d = planned["name"], _title(bring[0]), _title(bring[1]), _title(drop)
        instruction = rng.choice(
            [
                f"Plan {sn}: bring {b0} and {b1} in from the backlog, and take {d} out of the "
                "sprint, back to the backlog.",
                f"For {sn} the team committed to {b0} and {b1}, both waiting in the backlog; "
                f"{d} is dropped from the sprint and returns to the backlog.",
                f"{d} slips out of {sn} and goes back to the backlog, while {b0} and {b1} join "
                f"{sn} from the backlog.",
                f"Rework the scope of {sn}: add the backlog items {b0} and {b1}, and move {d} "
                "back to the backlog.",
                f"Get {sn} ready. It should gain {b0} and {b1} (both in the backlog now) and "
                f"lose {d}, which goes back to the backlog.",
            ]
        )
        context = (
            f"In project {PROJECT_NAMES[project]} ({project}), {planned['name']} is planned "
            f"(not started). {bring[0]['key']} and {bring[1]['key']} are in the backlog; "
            f"{drop['key']} is in {planned['name']}. You are signed in as {ME}."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            project=project,
            sprint_name=planned["name"],
            bring=[i["key"] for i in bring],
            drop=drop["key"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = SprintPlanningParams.of(task)
        world = task_world(task, [*p.bring, p.drop])
        sid = next(s["id"] for s in world["sprints"].values() if s["name"] == p.sprint_name)

        def plan(s: dict[str, Any]) -> None:
            for key in p.bring:
                move_to_sprint(s, key, sid, NOW)
            move_to_sprint(s, p.drop, None, NOW)

        gold = gold_from(world, plan)
        summary = f"plan {p.sprint_name}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        sid = sprint_named(cur, PARAMS["project"], PARAMS["sprint_name"])
        for key in PARAMS["bring"]:
            got = cur["issues"][key]["sprint"]
            checks.append(("in_sprint_" + key, 1, sid is not None and got == sid, f"sprint {got}"))
        got = cur["issues"][PARAMS["drop"]]["sprint"]
        checks.append(("back_to_backlog_" + PARAMS["drop"], 1, got is None, f"sprint {got}"))
        allowed = {"issues." + k + ".sprint" for k in [*PARAMS["bring"], PARAMS["drop"]]}
        extra = sorted(set(diff) - allowed)
        intact = not extra
        checks.append(("nothing_else_changed", 0, intact, f"other changes: {extra[:5]}"))
        """
        return reward_script(task, f"plan {SprintPlanningParams.of(task).sprint_name}", body)


_NEW_NAMES = {
    "WEB": ["Storefront", "Web Shop", "Online Store"],
    "MOB": ["Trail App", "Mobile Companion", "Hiking App"],
    "OPS": ["Platform & Reliability", "Infrastructure", "Platform Engineering"],
}


class ProjectSettingsParams(TaskParams):
    """Task parameters of ``ProjectSettings`` (in the order its tasks list them)."""

    project: str
    lead_name: str
    default_assignee: str
    new_name: str


class ProjectSettings(IssueFamily):
    id: ClassVar[str] = "project-settings"
    params_type: ClassVar[type[TaskParams] | None] = ProjectSettingsParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("projects", "settings", "details")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        key = rng.choice(sorted(PROJECT_NAMES))
        project = seed["projects"][key]
        lead = rng.choice(sorted(u for u in seed["users"] if u != project["lead"]))
        lead_name = seed["users"][lead]["displayName"]
        default = "unassigned" if project["defaultAssignee"] == "lead" else "lead"
        name = rng.choice(_NEW_NAMES[key])
        to_lead = default == "lead"
        rule = (
            "new issues should go to the project lead by default"
            if to_lead
            else "new issues should stay unassigned by default"
        )
        plain = (
            "new issues are assigned to the project lead by default"
            if to_lead
            else "new issues are left unassigned by default"
        )
        pname = project["name"]
        instruction = rng.choice(
            [
                f"Update the settings of the {pname} project ({key}): {lead_name} becomes "
                f"the project lead, {rule}, and the project is renamed “{name}”.",
                f"Rename the {pname} project ({key}) to “{name}” and make {lead_name} its "
                f"lead. Also change its default so that {plain}.",
                f"{lead_name} is taking over as lead of {pname} ({key}). Besides that, the "
                f"project's new name is “{name}”, and {plain}.",
                f"The {key} project, currently called {pname}, gets a new name, “{name}”, and "
                f"a new lead, {lead_name}; from now on {rule}.",
                f"Reorganise {pname} ({key}) so that its name is “{name}”, {lead_name} leads "
                f"it, and {plain}.",
            ]
        )
        context = (
            f"Project {project['name']} ({key}) is led by "
            f"{seed['users'][project['lead']]['displayName']}. You are signed in as {ME}, "
            "who may edit project settings."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            project=key,
            lead_name=lead_name,
            default_assignee=default,
            new_name=name,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ProjectSettingsParams.of(task)
        world = task_world(task, ())
        key = p.project
        desc = world["projects"][key]["description"]
        lead = self.uid(world, p.lead_name)
        gold = gold_from(
            world,
            lambda s: update_project(s, key, p.new_name, desc, lead, p.default_assignee),
        )
        summary = f"settings of {key}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        key = PARAMS["project"]
        proj = cur["projects"][key]
        lead = user_named(cur, PARAMS["lead_name"])
        checks.append(("lead", 1, lead is not None and proj["lead"] == lead, proj["lead"]))
        default_ok = proj["defaultAssignee"] == PARAMS["default_assignee"]
        checks.append(("default_assignee", 1, default_ok, proj["defaultAssignee"]))
        named = proj["name"].strip() == PARAMS["new_name"]
        checks.append(("name", 1, named, proj["name"]))
        allowed = {"projects." + key + "." + f for f in ("lead", "defaultAssignee", "name")}
        extra = sorted(set(diff) - allowed)
        intact = not extra
        checks.append(("nothing_else_changed", 0, intact, f"other changes: {extra[:5]}"))
        """
        return reward_script(task, f"settings of {ProjectSettingsParams.of(task).project}", body)


class CompleteSprintParams(TaskParams):
    """Task parameters of ``CompleteSprint`` (in the order its tasks list them)."""

    project: str
    sprint_name: str
    next_sprint_name: str
    reviewed: str


class CompleteSprint(IssueFamily):
    """Finish the reviewed item, then close the sprint and roll unfinished work over."""

    id: ClassVar[str] = "complete-sprint"
    params_type: ClassVar[type[TaskParams] | None] = CompleteSprintParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sprints", "lifecycle", "complete")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        project = rng.choice(sorted(PROJECT_NAMES))
        active = _sprint_of(seed, project, "active")
        planned = _sprint_of(seed, project, "planned")
        reviewed = rng.choice(
            [
                i
                for _, i in sorted(seed["issues"].items())
                if i["sprint"] == active["id"] and i["status"] == "in-review"
            ]
        )
        an, nn, rv = active["name"], planned["name"], _title(reviewed)
        instruction = rng.choice(
            [
                f"Wrap up {an}: {rv} passed review, so mark it Done; then complete the sprint "
                f"and move every issue that is still unfinished into {nn}.",
                f"{rv} passed review. Mark it Done, close out {an}, and carry every issue that "
                f"is still unfinished over to {nn}.",
                f"Time to end {an}. Once {rv} is Done (it passed review), complete the sprint "
                f"with its unfinished work moving into {nn}.",
                f"Close {an}. Before that, {rv} has passed review and should be Done; whatever "
                f"else is not finished goes into {nn}, not the backlog.",
                f"Finish {an} off: {rv} is Done after its review, the sprint is completed, and "
                f"all unfinished issues roll over to {nn}.",
            ]
        )
        context = (
            f"{active['name']} is the active sprint of {PROJECT_NAMES[project]} ({project}); "
            f"{reviewed['key']} is In Review. {planned['name']} is the next, planned sprint. "
            f"You are signed in as {ME}."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            project=project,
            sprint_name=active["name"],
            next_sprint_name=planned["name"],
            reviewed=reviewed["key"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = CompleteSprintParams.of(task)
        world = task_world(task, [p.reviewed])
        ids = {s["name"]: s["id"] for s in world["sprints"].values()}

        def wrap_up(s: dict[str, Any]) -> None:
            transition(s, p.reviewed, "done", NOW)
            complete_sprint(s, ids[p.sprint_name], ids[p.next_sprint_name], NOW)

        gold = gold_from(world, wrap_up)
        summary = f"complete {p.sprint_name}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file("cuagym.families.issue_tracker._checks", "complete_sprint.py")
        return reward_script(task, f"complete {CompleteSprintParams.of(task).sprint_name}", body)


class TriageBugsParams(TaskParams):
    """Task parameters of ``TriageBugs`` (in the order its tasks list them)."""

    project: str
    assignee_name: str
    label: str
    priorities: list[str]


class TriageBugs(IssueFamily):
    """A bulk edit over the issues a filter finds: the set is defined by criteria, not keys."""

    id: ClassVar[str] = "triage-bugs"
    params_type: ClassVar[type[TaskParams] | None] = TriageBugsParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("search", "filters", "bulk-triage")
    # The set is found with a query (the oracle writes one in the query mode), and the reward
    # checks exactly the set that query returns.
    also_covers: ClassVar[tuple[str, ...]] = ("issue-tracker:search/filters/jql",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        project = rng.choice(["WEB", "MOB"])
        who = rng.choice(["u-grace", "u-theo", "u-marco" if project == "MOB" else "u-devon"])
        name = seed["users"][who]["displayName"]
        label = rng.choice(["triage", "needs-repro", "bug-bash"])
        pname = PROJECT_NAMES[project]
        instruction = rng.choice(
            [
                f"Triage the {pname} bugs: every bug that is not Done, has no assignee and has "
                f"priority High or Highest must be assigned to {name} and get the label "
                f"“{label}” (keep its other labels). Leave all other issues as they are.",
                f"Some {pname} bugs have fallen through the cracks. Any bug that is still open "
                f"(not Done), unassigned and of High or Highest priority goes to {name} with the "
                f"extra label “{label}”, on top of its existing labels. No other issue changes.",
                f"Give {name} every unassigned, not-Done bug in {pname} whose priority is High "
                f"or Highest, and tag each of them “{label}” while keeping their current labels. "
                "Nothing else should change.",
                f"In {pname}, the open bugs (not Done) with no assignee and a High or Highest "
                f"priority should each end up assigned to {name} and labelled “{label}” in "
                "addition to the labels they have. Other issues stay as they are.",
                f"{name} is picking up the urgent unowned bugs of {pname}, meaning those not "
                f"Done, without an assignee, at High or Highest priority. Assign them to {name} "
                f"and add “{label}” to their labels (keep the rest); leave everything else "
                "unchanged.",
            ]
        )
        context = (
            f"Project {pname} ({project}) has open bugs; some of them are unassigned, with "
            f"various priorities. {name} is on the team. You are signed in as {ME}."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            project=project,
            assignee_name=name,
            label=label,
            priorities=["high", "highest"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = TriageBugsParams.of(task)
        world = task_world(task, ())
        rng = family_rng(task, "targets")
        bugs = [
            i
            for _, i in sorted(world["issues"].items())
            if i["project"] == p.project
            and i["type"] == "bug"
            and category(world, i["status"]) != "done"
        ]
        rng.shuffle(bugs)
        # Two or three matches, and near misses of each criterion around them.
        n = rng.choice([2, 3])
        for bug in bugs[:n]:
            bug.update(assignee=None, priority=rng.choice(p.priorities))
        if len(bugs) > n:
            bugs[n].update(assignee=None, priority=rng.choice(["medium", "low"]))
        if len(bugs) > n + 1:
            bugs[n + 1].update(assignee="u-hana", priority="highest")
        who = self.uid(world, p.assignee_name)
        targets = [
            i["key"] for i in bugs if i["assignee"] is None and i["priority"] in p.priorities
        ]

        def triage(s: dict[str, Any]) -> None:
            for key in targets:
                labels = [*s["issues"][key]["labels"], p.label]
                update_issue(s, key, {"assignee": who, "labels": labels}, NOW)

        gold = gold_from(world, triage)
        summary = f"triage {p.project} bugs"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file("cuagym.families.issue_tracker._checks", "triage_bugs.py")
        return reward_script(task, f"triage {TriageBugsParams.of(task).project} bugs", body)
