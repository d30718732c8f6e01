"""Reward helpers of ``table-of-contents``, pasted after the domain's readers.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
W_NS = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
W_P = W_NS + "p"


def para_text(element):
    """A w:p's text with its tabs (w:tab) kept as "\\t", wherever it sits (a content control,
    a hyperlink, a field result)."""
    out = []
    for node in element.iter(W_NS + "t", W_NS + "tab"):
        if node.tag == W_NS + "t":
            out.append(node.text or "")
        elif node.getparent().tag == W_NS + "r":  # a tab character, not a tab stop
            out.append("\t")
    return "".join(out)
