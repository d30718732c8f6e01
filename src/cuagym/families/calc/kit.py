"""The calc kit: what a task family outside this package builds calc tasks with.

The cross-app families homed in calc (:mod:`cuagym.families.cross.calc`) and those of other
apps that end in a workbook import these names, never this package's private modules: the
family base (:class:`CalcFamily`, its typed :class:`CalcParams`, :data:`Sheet` specs,
:data:`SAVE_NOTE`), the workbook scripts' composers and the reward's calc guards, and
:class:`CalcOracle`, the GUI solver's base (cell navigation, typing into cells and dialogs,
saving). A module of its own, not the package: the package registers the homed cross families,
which import this.
"""

from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, params_of, quote
from cuagym.families.calc._oracle import CalcOracle
from cuagym.families.calc._scripts import REWARD_GUARDS, golden_script, reward_script, setup_script

__all__ = [
    "REWARD_GUARDS",
    "SAVE_NOTE",
    "CalcFamily",
    "CalcOracle",
    "CalcParams",
    "Sheet",
    "golden_script",
    "params_of",
    "quote",
    "reward_script",
    "setup_script",
]
