"""Reward helpers of ``title-format``, pasted after the domain's readers.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"


# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
def unformatted(view):
    """A slide view with the title's bold, colour and size left out (runs merged again)."""
    shapes = []
    for shape in view[0]:
        if shape[1] == "TITLE":
            text = []
            for level, align, runs in shape[3]:
                merged = []
                for run in runs:
                    fmt = [None, *run[2:5], None, None, run[7]]
                    if merged and merged[-1][1:] == fmt:
                        merged[-1][0] += run[0]
                    else:
                        merged.append([run[0], *fmt])
                text.append([level, align, merged])
            shape = [*shape[:3], text, shape[4]]
        shapes.append(shape)
    return [shapes, view[1]]


def rgb_of(font):
    """The run's explicit RGB colour as "RRGGBB", or "" (theme colour or none)."""
    try:
        return str(font.color.rgb or "").upper()
    except AttributeError:  # python-pptx: no .rgb on a colour that is not RGB
        return ""
