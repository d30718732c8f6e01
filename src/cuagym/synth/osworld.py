"""The OSWorld export (DESIGN.md §2): bundles as OSWorld task configs and their files."""

from cuagym.synth._osworld_export import ExportError, export_osworld, find_bundles

__all__ = ["ExportError", "export_osworld", "find_bundles"]
