"""The OSWorld names a config.json may use, recorded from OSWorld's own ``desktop_env`` source.

DESIGN.md §2 requires that every setup step type, getter and metric named in a bundle's
config.json exist in OSWorld's ``desktop_env`` package, so that OSWorld's evaluator runs the
bundle unchanged. OSWorld resolves the names dynamically:

* a setup step ``{"type": T, "parameters": P}`` (in ``config`` and ``evaluator.postconfig``)
  calls ``SetupController._T_setup(**P)`` (``desktop_env/controllers/setup.py``, ``setup()``);
* an evaluator getter ``{"type": G, ...}`` calls ``getters.get_G(env, config)``
  (``desktop_env/desktop_env.py``, ``_set_evaluator_info``), the names re-exported by
  ``desktop_env/evaluators/getters/__init__.py``;
* ``evaluator.func`` names ``getattr(metrics, func)``, re-exported by
  ``desktop_env/evaluators/metrics/__init__.py`` (plus ``infeasible`` defined there).

Recorded from the PyPI wheel ``desktop_env-1.0.2-py3-none-any.whl`` (OSWorld's package) by
walking the three files with ``ast``; the sha256 of each file read is kept below so a later
upgrade can tell whether it needs re-recording. ``tidy_desktop`` exists but raises
NotImplementedError, so it is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

__all__ = [
    "OSWORLD_GETTERS",
    "OSWORLD_METRICS",
    "OSWORLD_NAME_SOURCES",
    "OSWORLD_SETUP_STEPS",
    "OSWORLD_SOURCE_PACKAGE",
    "StepSignature",
]

OSWORLD_SOURCE_PACKAGE = "desktop-env 1.0.2 (PyPI wheel desktop_env-1.0.2-py3-none-any.whl)"

OSWORLD_NAME_SOURCES: dict[str, tuple[str, str]] = {
    # kind: (file inside the package, sha256 of the file that was read)
    "setup_steps": (
        "desktop_env/controllers/setup.py",
        "8be54f45b0ef41ebf3f75faaafa4c104a0ecbd1fb2f31e23e460feb96da824e8",
    ),
    "getters": (
        "desktop_env/evaluators/getters/__init__.py",
        "869f6cfd9fd0c9d9c6ef0058751372427c56520571675dcc3876a99abe982b5d",
    ),
    "metrics": (
        "desktop_env/evaluators/metrics/__init__.py",
        "3e66239dd32e4f776b562fd9bdbe792cbb43f869722f4aafdc42113e68ed6bcc",
    ),
    "evaluator_shape": (
        "desktop_env/desktop_env.py",
        "d909ef992356c7779d2240017ffd67c7715f30365b4037c15bc89062035643d6",
    ),
}


@dataclass(frozen=True)
class StepSignature:
    """Keyword parameters of ``SetupController._<type>_setup``: the step's ``parameters``."""

    required: frozenset[str]
    optional: frozenset[str] = frozenset()
    any_keywords: bool = False  # the method takes **kwargs

    def problems(self, parameters: dict[str, object]) -> list[str]:
        given = set(parameters)
        out = [f"missing parameter {name!r}" for name in sorted(self.required - given)]
        if not self.any_keywords:
            unknown = given - self.required - self.optional
            out += [f"unknown parameter {name!r}" for name in sorted(unknown)]
        return out


def _sig(required: str = "", optional: str = "", any_keywords: bool = False) -> StepSignature:
    return StepSignature(
        frozenset(required.split()), frozenset(optional.split()), any_keywords=any_keywords
    )


OSWORLD_SETUP_STEPS: dict[str, StepSignature] = {
    "download": _sig("files"),  # files: [{"url", "path"}]
    "upload_file": _sig("files"),  # files: [{"local_path" (on the host), "path" (in the VM)}]
    "change_wallpaper": _sig("path"),
    "open": _sig("path"),
    "launch": _sig("command", "shell"),
    "execute": _sig("command", "stdout stderr shell until"),
    "execute_with_verification": _sig("command", "verification max_wait_time check_interval shell"),
    "command": _sig("command", any_keywords=True),
    "sleep": _sig("seconds"),
    "act": _sig("action_seq"),
    "replay": _sig("trajectory"),
    "activate_window": _sig("window_name", "strict by_class"),
    "close_window": _sig("window_name", "strict by_class"),
    "proxy": _sig("", "client_password"),
    "chrome_open_tabs": _sig("urls_to_open"),
    "chrome_close_tabs": _sig("urls_to_close"),
    "googledrive": _sig(any_keywords=True),
    "login": _sig(any_keywords=True),
    "update_browse_history": _sig(any_keywords=True),
}


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Getter types: ``get_<type>`` in desktop_env/evaluators/getters/__init__.py.
OSWORLD_GETTERS: frozenset[str] = _names(
    """
    accessibility_tree active_tab_html_parse active_tab_info active_tab_url_parse
    active_url_from_accessTree audio_in_slide background_image_in_slide bookmarks cache_file
    chrome_font_size chrome_language cloud_file conference_city_in_order content_from_vm_file
    cookie_data data_delete_automacally default_search_engine default_video_player
    enable_do_not_track enable_enhanced_safety_browsing enable_safe_browsing enabled_experiments
    find_installed_extension_name find_unpacked_extension_path gimp_config_file googledrive_file
    gotoRecreationPage_and_get_html_content history info_from_website list_directory
    macys_product_url_parse new_startup_page number_of_search_results open_tabs_info page_info
    pdf_from_url profile_name replay rule rule_relativeTime shortcuts_on_desktop time_diff_range
    url_dashPart url_path_parse vlc_config vlc_playing_info vm_command_error vm_command_line
    vm_file vm_screen_size vm_terminal_output vm_wallpaper vm_window_size vscode_config
    """
)

# Metric functions: names importable from desktop_env/evaluators/metrics/__init__.py.
OSWORLD_METRICS: frozenset[str] = _names(
    resources.files("cuagym.core").joinpath("_osworld_metrics.txt").read_text(encoding="utf-8")
)
