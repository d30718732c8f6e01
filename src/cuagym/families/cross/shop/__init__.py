"""Cross-app task families homed in shop (they read another app and act in the store admin)."""

from cuagym.families.cross.shop._complaint import RefundFromComplaint

__all__ = ["RefundFromComplaint"]
