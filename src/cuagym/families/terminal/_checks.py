"""The check blocks of the terminal families' rewards, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for the
type checker only; a parameter is a name the family's own line above the block defines.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import configparser
    import json
    import re

    from cuagym.apps.terminal._read_home import after, before, changes, start
    from cuagym.apps.terminal._reward_lib import (
        cron_values,
        lines_of,
        link_target,
        off_plan,
        tar_members,
        text_in,
        with_folders,
    )
    from cuagym.scripts._globs import listing
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = [
    "archive_old_logs",
    "edit_tool_config",
    "point_current_link",
    "private_ssh",
    "save_search_results",
    "schedule_job",
    "scripts_executable",
    "set_env_export",
]

# fmt: off


def set_env_export() -> None:
    """:class:`SetEnvExport`: the checks of its reward."""
    name = re.escape(P["var"])
    defines = r"\s*(export\s+)?" + name + "="
    old, new = lines_of(text_in(start, P["file"])), lines_of(text_in(HOME, P["file"]))
    defs = [ln for ln in new if re.match(defines, ln)]
    exported = r"export\s+" + name + r"=(['\"]?)(.*)\1"
    found = re.fullmatch(exported, defs[0]) if len(defs) == 1 else None
    off = off_plan(changes, after, before, free=[P["file"]])
    others = [[ln for ln in lines if not re.match(defines, ln)] for lines in (old, new)]
    kept = others[0] == others[1]
    same_mode = after.get(P["file"], ("", "", ""))[2] == before[P["file"]][2]
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("other_lines_kept", 0, kept and same_mode, f"mode kept: {same_mode}"))
    checks.append(("exported_once", 3, found is not None and found.group(2) == P["value"],
                   "definitions: " + listing(defs)))


def private_ssh() -> None:
    """:class:`PrivateSsh`: the checks of its reward."""
    base = P["keys"]
    inside = [f for f in sorted(before) if f.startswith(base + "/") and before[f][0] == "file"]
    plan = dict(before)
    plan[base] = ("dir", "", "700")
    for f in inside:
        plan[f] = ("file", before[f][1], "644" if f.endswith(".pub") else "600")
    off = off_plan(changes, after, plan)
    right = [f for f in inside if after.get(f) == plan[f]]
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("folder_private", 1, after.get(base) == plan[base],
                   "folder mode " + after.get(base, ("", "", "gone"))[2]))
    checks.append(("half_files_right", 1, len(right) * 2 >= len(inside), f"{len(right)} of "
                   f"{len(inside)}"))
    checks.append(("all_files_right", 2, len(right) == len(inside),
                   "wrong: " + ", ".join(f + " " + after.get(f, ("", "", "gone"))[2]
                                         for f in inside if f not in right)[:150]))


def schedule_job(WANT: str) -> None:
    """:class:`ScheduleJob`: the checks of its reward."""
    old, new = lines_of(text_in(start, P["file"])), lines_of(text_in(HOME, P["file"]))
    added = [ln for ln in new if ln not in old]
    kept = [ln for ln in new if ln in old] == old
    fields = added[0].split(None, 5) if len(added) == 1 else []
    spans = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 7))
    wanted = [cron_values(f, lo, hi) for f, (lo, hi) in zip(WANT.split(), spans, strict=True)]
    got = [cron_values(f, lo, hi) for f, (lo, hi) in zip(fields[:5], spans, strict=False)]
    command = fields[5] if len(fields) == 6 else ""
    paths = ("/home/user/" + P["script"], "~/" + P["script"], "$HOME/" + P["script"])
    off = off_plan(changes, after, before, free=[P["file"]])
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    same_mode = after.get(P["file"], ("", "", ""))[2] == before[P["file"]][2]
    checks.append(("jobs_kept", 0, kept and same_mode, f"{len(old)} lines before, mode kept: "
                   f"{same_mode}"))
    checks.append(("one_job_added", 1, len(added) == 1, "added: " + listing(added)))
    checks.append(("schedule_right", 2, len(added) == 1 and got == wanted,
                   "fields: " + str(fields[:5])))
    checks.append(("runs_the_script", 1, command in paths, "runs: " + command))


def edit_tool_config() -> None:
    """:class:`EditToolConfig`: the checks of its reward."""
    path = ".config/" + P["tool"] + "/config." + P["format"]
    old, new, problem = text_in(start, path), text_in(HOME, path), ""
    try:
        if P["format"] == "json":
            was, now = json.loads(old), json.loads(new)
            was[P["section"]][P["key"]] = P["value"]
        else:
            parsed = []
            for text in (old, new):
                ini = configparser.ConfigParser(interpolation=None)
                ini.read_string(text)
                parsed.append({s: dict(ini[s]) for s in ini.sections()})
            was, now = parsed
            was[P["section"]][P["key"]] = str(P["value"])
    except Exception as exc:  # an unreadable file: the file is broken
        problem, now = "unreadable: " + str(exc)[:80], None
    off = off_plan(changes, after, before, free=[path])
    # the edit is one line: every other line stays as written (spacing and comments too)
    rows = (old.splitlines(), new.splitlines())
    edited = [i for i, (a, b) in enumerate(zip(*rows, strict=False)) if a != b]
    # and the edited line keeps its layout: only its number changes
    layout = all(re.sub(r"\d+", str(P["value"]), rows[0][i], count=1) == rows[1][i] for i in edited)
    same_lines = len(rows[0]) == len(rows[1]) and len(edited) <= 1 and layout
    same_mode = after.get(path, ("", "", ""))[2] == before[path][2]
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("other_lines_kept", 0, not problem and same_mode and same_lines,
                   problem or f"mode kept: {same_mode}, lines edited: {edited[:5]}"))
    checks.append(("setting_changed", 3, not problem and now == was, "now: " + str(now)[:150]))


def save_search_results() -> None:
    """:class:`SaveSearchResults`: the checks of its reward."""
    base = P["folder"] + "/"
    want = sorted(f[len(base):] for f in before if f.startswith(base) and before[f][0] == "file"
                  and P["marker"] in text_in(start, f))
    lines = [ln for ln in text_in(HOME, P["output"]).splitlines() if ln]  # paths as written
    for prefix in ("/home/user/" + base, "~/" + base, "./"):
        lines = [ln[len(prefix):] if ln.startswith(prefix) else ln for ln in lines]
    plan = dict(before)
    plan[P["output"]] = ("file", "*", "*")
    off = off_plan(changes, after, plan)
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("list_saved", 1, after.get(P["output"], ("",))[0] == "file", P["output"]))
    checks.append(("exactly_the_matches", 2, sorted(lines) == want and bool(want),
                   "missing: " + listing(sorted(set(want) - set(lines)))
                   + "; extra: " + listing(sorted(set(lines) - set(want)))))


def scripts_executable() -> None:
    """:class:`ScriptsExecutable`: the checks of its reward."""
    base = P["folder"]
    mine = [f for f in sorted(before) if f.startswith(base + "/") and before[f][0] == "file"]
    runnable = [f for f in mine if text_in(start, f).startswith("#!")]
    plan = dict(before)
    for f in runnable:
        plan[f] = ("file", before[f][1], "*")
    off = off_plan(changes, after, plan)
    modes = {f: int(after[f][2] or "0", 8) for f in runnable if after.get(f, ("",))[0] == "file"}
    done = [f for f in runnable if f in modes and modes[f] & 0o100
            and modes[f] & ~0o111 == int(before[f][2], 8) & ~0o111]
    sourced = [f for f in mine if f not in runnable and not f.endswith(".md")]
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("sourced_kept", 0, all(after.get(f) == before[f] for f in sourced),
                   "sourced helpers: " + ", ".join(f + " " + after.get(f, ("", "", "gone"))[2]
                                                  for f in sourced)))
    checks.append(("half_executable", 1, len(done) * 2 >= len(runnable), f"{len(done)} of "
                   f"{len(runnable)}"))
    checks.append(("all_executable", 3, len(done) == len(runnable),
                   "not yet: " + listing(sorted(set(runnable) - set(done)))))


def point_current_link() -> None:
    """:class:`PointCurrentLink`: the checks of its reward."""
    rel = P["folder"] + "/releases"
    link = P["folder"] + "/" + P["link"]
    names = [f.rsplit("/", 1)[1] for f in before
             if f.rsplit("/", 1)[0] == rel and before[f][0] == "dir"]
    status = {n: text_in(start, rel + "/" + n + "/status.txt") for n in names}
    passed = [n for n in names if re.search(r"tests:\s*passed", status[n])]
    numbers = {n: tuple(int(x) for x in re.findall(r"\d+", n)) for n in passed}
    newest = max(passed, key=lambda n: numbers[n]) if passed else ""
    want = rel + "/" + newest if passed else ""
    off = off_plan(changes, after, before, free=[link])
    now = after.get(link, ("gone", "", ""))
    points = link_target(link, now[1]) if now[0] == "link" else ""
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("releases_known", 0, bool(want), f"{len(passed)} of {len(names)} passed"))
    checks.append(("still_a_link", 0, now[0] in ("link", "gone") or link not in before,
                   "current is now a " + now[0]))
    checks.append(("points_at_newest_passed", 3, bool(want) and points == want,
                   "points at " + (points or now[0])))


def archive_old_logs() -> None:
    """:class:`ArchiveOldLogs`: the checks of its reward."""
    dates = re.findall(r"\d{4}-\d{2}-\d{2}", text_in(start, P["releases"]))
    cut = max(dates) if dates else ""
    stem = P["folder"] + "/" + P["prefix"] + "-"
    logs = [f for f in before if re.fullmatch(re.escape(stem) + r"\d{4}-\d{2}-\d{2}\.log", f)]
    old = sorted(f for f in logs if f[len(stem):len(stem) + 10] < cut)
    tarball = P["archive"] + "/logs-" + cut + ".tar.gz"
    plan = dict(before)
    for f in old:
        plan.pop(f)
    plan[tarball] = ("file", "*", "*")
    with_folders(plan, tarball)
    off = off_plan(changes, after, plan)
    members = tar_members(HOME, tarball) if after.get(tarball, ("",))[0] == "file" else None
    want = {f.rsplit("/", 1)[1]: before[f][1] for f in old}
    kept = members or {}
    lost = [f for f in old if f not in after and kept.get(f.rsplit("/", 1)[1]) != before[f][1]]
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("nothing_lost", 0, not lost, "removed but not archived: " + listing(lost)))
    checks.append(("dates_known", 0, bool(cut and old),
                   f"newest release {cut}, {len(old)} older logs"))
    checks.append(("archive_holds_old_logs", 2, members == want and bool(want),
                   "members: " + listing(sorted(members or {}))))
    checks.append(("old_logs_removed", 1, all(f not in after for f in old), "still there: "
                   + listing([f for f in old if f in after])))
