"""The image-editor kit: what a task family outside this package builds image tasks with
(the cross-app families of :mod:`cuagym.families.cross.image_editor`)."""

from cuagym.families.image_editor._base import ImageFamily, Job, job, params_of, quote
from cuagym.families.image_editor._hard import caption_body, promo_spec

__all__ = ["ImageFamily", "Job", "caption_body", "job", "params_of", "promo_spec", "quote"]
