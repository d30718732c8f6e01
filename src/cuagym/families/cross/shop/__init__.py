"""Cross-app task families homed in shop (they read another app and act in the store admin)."""

from cuagym.families.cross.shop._complaint import RefundFromComplaint
from cuagym.families.cross.shop._deal import DiscountFromDeal

__all__ = ["DiscountFromDeal", "RefundFromComplaint"]
