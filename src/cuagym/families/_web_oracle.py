"""The web oracle kit now lives beside the web apps (:mod:`cuagym.apps.web_oracle`): apps build
their UI skills on it. This name keeps the other web apps' families importing it until they
import the kit from there."""

from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage, WebOracle, answer, call

__all__ = ["Act", "Element", "PageBusy", "Stage", "WebOracle", "answer", "call"]
