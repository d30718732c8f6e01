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
    """
    check_accessibility_tree check_auto_saving_time check_brightness_decrease_and_structure_sim
    check_config_status check_contrast_increase_and_structure_sim check_csv
    check_direct_json_object check_enabled_experiments check_file_exists
    check_file_exists_and_structure_sim check_font_size check_global_key_play_pause
    check_gnome_favorite_apps check_green_background check_highlighted_words
    check_history_deleted check_html_background_image check_image_file_size check_image_mirror
    check_image_size check_image_stretch_and_center check_include_exclude
    check_italic_font_size_14 check_json check_json_keybindings check_json_settings
    check_left_panel check_libre_locale check_line_number check_list check_moved_jpgs
    check_mp3_meta check_no_duplicates check_one_instance_when_started_from_file
    check_page_number_colors check_palette_and_structure_sim check_pdf_pages
    check_presenter_console_disable check_python_file_by_gold_file
    check_python_file_by_test_suite check_qt_bgcone check_qt_max_volume check_qt_minimal_view
    check_qt_slider_colours check_saturation_increase_and_structure_sim check_sharper
    check_slide_numbers_color check_slide_orientation_Portrait check_strikethrough
    check_structure_sim check_structure_sim_resized check_tabstops check_text_enlarged
    check_textbox_on_leftside check_thunderbird_filter check_thunderbird_folder
    check_thunderbird_prefs check_transition check_triangle_position compare_answer
    compare_archive compare_audios compare_conference_city_in_order compare_config
    compare_contains_image compare_csv compare_docx_files compare_docx_files_and_ignore_new_lines
    compare_docx_images compare_docx_lines compare_docx_tables compare_epub compare_font_names
    compare_highlighted_text compare_htmls compare_image_list compare_image_text compare_images
    compare_init_lines compare_insert_equation compare_line_spacing compare_pdf_images
    compare_pdfs compare_pptx_files compare_python_pure_text compare_references
    compare_result_files compare_subscript_contains compare_table compare_terminal_and_txt
    compare_text_file compare_time_in_speedtest_results compare_triangle_positions
    compare_unique_train_records compare_videos compare_zip_files contains_page_break
    decrease_brightness diff_text_file evaluate_alignment evaluate_colored_words_in_tables
    evaluate_conversion evaluate_presentation_fill_to_rgb_distance evaluate_spacing
    evaluate_strike_through_last_paragraph exact_match file_contains find_default_font
    fuzzy_match fuzzy_place_math get_unique_train_ids has_page_numbers_in_footers
    increase_saturation infeasible is_added_to_steam_cart is_cookie_deleted
    is_expected_active_tab is_expected_active_tab_approximate is_expected_bookmarks
    is_expected_installed_extensions is_expected_search_query is_expected_tabs
    is_expected_url_pattern_match is_extension_installed is_first_line_centered
    is_gold_text_included_in_pdf is_in_list is_in_vm_clickboard is_included_all_json_objects
    is_shortcut_on_desktop is_utc_0 is_vlc_fullscreen is_vlc_playing is_vlc_recordings_folder
    literal_match match_in_list run_sqlite3
    """
)
