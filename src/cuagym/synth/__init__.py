"""Task synthesis: checks that decide whether a generated task is accepted.

``scan_source`` / ``scan_file`` implement condition C5: a reward script must contain no
reward-hacking ("forbidden") pattern. ``PATTERNS`` documents every pattern id they report.
"""

from __future__ import annotations

from cuagym.synth._scan import iter_scripts, scan_file, scan_source
from cuagym.synth._scan_models import PATTERNS, ScanReport, Violation

__all__ = ["PATTERNS", "ScanReport", "Violation", "iter_scripts", "scan_file", "scan_source"]
