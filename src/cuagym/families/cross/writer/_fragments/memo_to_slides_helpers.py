"""Reward helpers of ``memo-to-slides``, pasted after the domain's readers.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from pptx.enum.shapes import PP_PLACEHOLDER

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
# Footer-type placeholders hold dates and slide numbers, not content.
SKIP = {PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER}
