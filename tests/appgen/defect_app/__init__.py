"""A small web app built on the web kit, with a switch per defect the audit must find.

``DefectApp(defects={"dead_button", ...})`` turns defects on; ``DefectApp()`` is the clean twin
that the audit must find nothing in. See :data:`DEFECTS`.
"""

from tests.appgen.defect_app._app import DEFECTS, DefectApp, app_spec

__all__ = ["DEFECTS", "DefectApp", "app_spec"]
