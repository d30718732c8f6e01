"""Cross-app task families homed in expenses (a receipt from the mailbox, a rejection told in
the team chat, an over-budget cost centre raised in the issue tracker)."""

from cuagym.families.cross.expenses._budget_ticket import OverBudgetTicket
from cuagym.families.cross.expenses._receipt_mail import ReceiptFromMail
from cuagym.families.cross.expenses._reject_chat import RejectionToChat

__all__ = ["OverBudgetTicket", "ReceiptFromMail", "RejectionToChat"]
