"""The expenses app's fixtures (live hub, client, seed) for the families homed there."""

from tests.apps.expenses.conftest import expenses, expenses_hub, seed

__all__ = ["expenses", "expenses_hub", "seed"]
