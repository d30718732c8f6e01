"""Cross-app task families homed in travel (they read or write another app and act on the
travel site)."""

from cuagym.families.cross.travel._cross import AnnounceTrip, FlightFromMail

__all__ = ["AnnounceTrip", "FlightFromMail"]
