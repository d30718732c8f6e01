"""The shop state schema: pydantic models of the per-session JSON state of a store's back office.

The hub validates injected states strictly against :class:`ShopState` and stores its
``model_dump(mode="json", by_alias=True)``; JSON keys are camelCase. Every collection is an
object keyed by id (``orders.ord-1042.status``), and so are an order's line items
(``orders.ord-1042.lines.l2.quantity``) and a refund's returned quantities, so that
``state_diff`` reports one readable leaf per edited value.

Conventions a reward relies on (see SKILL.md):

- **money** is an integer number of US cents (``priceCents``, ``amountCents``), never a float;
- **stock** is an integer count of units on hand per variant (never negative);
- **dates** are ``YYYY-MM-DD`` strings, **timestamps** ISO-8601 UTC with ``Z``;
- an order's totals are not stored: subtotal = sum of ``quantity * unitPriceCents`` over its
  lines, total = subtotal - ``discountCents`` + ``shippingCents``.

Rules across records (an order's customer exists, a refund never returns more than was
ordered, a discount is never used beyond its limit, ...) live in ``_invariants``.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from cuagym.apps.webkit import HexColor, Id, StateModel, Timestamp

__all__ = [
    "ADJUST_REASONS",
    "CARRIERS",
    "ORDER_STATUSES",
    "PRODUCT_STATUSES",
    "REFUND_REASONS",
    "Adjustment",
    "Category",
    "Comment",
    "Customer",
    "Discount",
    "Order",
    "OrderLine",
    "Product",
    "Refund",
    "ShopState",
    "Staff",
    "Store",
    "Variant",
]

#: The order's path: pending -> paid -> shipped -> delivered; pending or paid -> cancelled.
ORDER_STATUSES: tuple[str, ...] = ("pending", "paid", "shipped", "delivered", "cancelled")
PRODUCT_STATUSES: tuple[str, ...] = ("active", "draft", "archived")
CARRIERS: tuple[str, ...] = ("Parcelway", "Northpost", "SwiftShip", "Courier Express")
#: Why stock changed: chosen in the inventory screen, or set by an order action.
ADJUST_REASONS: tuple[str, ...] = (
    "Received",
    "Correction",
    "Damaged",
    "Lost",
    "Returned",
    "Cancelled order",
)
REFUND_REASONS: tuple[str, ...] = (
    "Damaged",
    "Wrong item",
    "Not as described",
    "Changed mind",
    "Late delivery",
    "Order cancelled",
    "Other",
)

OrderStatus = Literal["pending", "paid", "shipped", "delivered", "cancelled"]
ProductStatus = Literal["active", "draft", "archived"]
Carrier = Literal["Parcelway", "Northpost", "SwiftShip", "Courier Express"]
AdjustReason = Literal["Received", "Correction", "Damaged", "Lost", "Returned", "Cancelled order"]
RefundReason = Literal[
    "Damaged",
    "Wrong item",
    "Not as described",
    "Changed mind",
    "Late delivery",
    "Order cancelled",
    "Other",
]


def _real_day(value: str) -> str:
    date.fromisoformat(value)  # 2026-02-30 matches the pattern but is no day
    return value


Day = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$"), AfterValidator(_real_day)]
Cents = Annotated[int, Field(ge=0, le=10**12)]
Units = Annotated[int, Field(ge=0, le=1_000_000)]
Text = Annotated[str, Field(max_length=255)]
LongText = Annotated[str, Field(max_length=8000)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Email = Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", max_length=254)]
Sku = Annotated[str, Field(pattern=r"^[A-Z0-9][A-Z0-9-]{1,31}$")]
Code = Annotated[str, Field(pattern=r"^[A-Z0-9][A-Z0-9_-]{2,23}$")]


class Store(StateModel):
    """The shop itself (its name in the header) and its settings."""

    name: Name
    currency: Literal["USD"] = "USD"
    #: a variant with this many units or fewer is "low stock" (dashboard, inventory)
    low_stock_threshold: Annotated[int, Field(ge=0, le=1000)] = 5
    #: flat shipping charged on new orders, in cents
    shipping_cents: Cents = 695


class Staff(StateModel):
    """A person with a seat in the back office: acts on orders, writes timeline comments."""

    id: Id
    name: Name
    role: Text = ""
    avatar_color: HexColor = "#5b6470"


class Category(StateModel):
    id: Id
    name: Name
    description: Text = ""


class Product(StateModel):
    id: Id
    title: Name
    category_id: Id
    vendor: Text = ""
    description: LongText = ""
    status: ProductStatus = "active"
    created_at: Timestamp


class Variant(StateModel):
    """One sellable version of a product (a size, a colour) with its own SKU, price and stock."""

    id: Id
    product_id: Id
    #: the option as shown, e.g. "Sage / 12 oz"; "Default" for a product without options
    name: Name
    sku: Sku
    price_cents: Cents
    stock: Units


class Customer(StateModel):
    id: Id
    first_name: Annotated[str, Field(min_length=1, max_length=60)]
    last_name: Annotated[str, Field(min_length=1, max_length=60)]
    email: Email
    phone: Annotated[str, Field(pattern=r"^$|^\+?[0-9 ().-]{7,25}$")] = ""
    city: Text = ""
    region: Text = ""
    country: Text = "United States"
    accepts_marketing: bool = False
    note: LongText = ""
    created_at: Timestamp


class OrderLine(StateModel):
    """A line item: what was bought, at the price of the day (title and SKU copied)."""

    variant_id: Id
    title: Name
    sku: Sku
    quantity: Annotated[int, Field(ge=1, le=999)]
    unit_price_cents: Cents


class Order(StateModel):
    id: Id
    #: the number customers quote ("#1042"), unique
    number: Annotated[int, Field(ge=1000, le=999_999)]
    customer_id: Id
    status: OrderStatus
    #: line key ("l1", "l2", ...) -> line item
    lines: dict[Id, OrderLine] = Field(min_length=1)
    discount_code: Code | None = None
    discount_cents: Cents = 0
    shipping_cents: Cents = 0
    placed_at: Timestamp
    paid_at: Timestamp | None = None
    shipped_at: Timestamp | None = None
    delivered_at: Timestamp | None = None
    cancelled_at: Timestamp | None = None
    carrier: Carrier | None = None
    tracking_number: Annotated[str, Field(max_length=40)] = ""


class Refund(StateModel):
    """Money (and maybe goods) going back to a customer for one order.

    A customer's return request waits in the returns queue as ``requested``; the back office
    refunds it (``refunded``) or declines it (``declined``). A refund made from the order page
    is ``refunded`` at once.
    """

    id: Id
    order_id: Id
    #: order line key -> units returned (lines not returned are absent)
    lines: dict[Id, Annotated[int, Field(ge=1, le=999)]] = Field(default_factory=dict)
    amount_cents: Cents
    #: whether the returned units went back into stock
    restock: bool = False
    reason: RefundReason
    note: Text = ""
    status: Literal["requested", "refunded", "declined"]
    created_at: Timestamp
    resolved_at: Timestamp | None = None


class Discount(StateModel):
    id: Id
    code: Code
    kind: Literal["percent", "fixed"]
    #: percent off (1-100) for ``percent``, cents off for ``fixed``
    value: Annotated[int, Field(ge=1, le=10**9)]
    #: the smallest order subtotal it applies to, in cents (0: any)
    minimum_cents: Cents = 0
    starts_on: Day
    ends_on: Day | None = None
    #: how many orders may use it (null: no limit)
    usage_limit: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    times_used: Units = 0
    active: bool = True
    created_at: Timestamp


class Adjustment(StateModel):
    """One change of a variant's stock, kept for the inventory history."""

    id: Id
    variant_id: Id
    delta: Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
    reason: AdjustReason
    note: Text = ""
    staff_id: Id
    at: Timestamp


class Comment(StateModel):
    """A staff note on an order's timeline."""

    id: Id
    order_id: Id
    body: Annotated[str, Field(min_length=1, max_length=2000)]
    author_id: Id
    created_at: Timestamp


class Ui(StateModel):
    """Volatile view state (masked from ``state_diff``): the orders recently opened."""

    recent_orders: list[Id] = Field(default_factory=list)


class ShopState(StateModel):
    store: Store
    current_user: Id
    staff: dict[Id, Staff]
    categories: dict[Id, Category] = Field(default_factory=dict)
    products: dict[Id, Product] = Field(default_factory=dict)
    variants: dict[Id, Variant] = Field(default_factory=dict)
    customers: dict[Id, Customer] = Field(default_factory=dict)
    orders: dict[Id, Order] = Field(default_factory=dict)
    refunds: dict[Id, Refund] = Field(default_factory=dict)
    discounts: dict[Id, Discount] = Field(default_factory=dict)
    adjustments: dict[Id, Adjustment] = Field(default_factory=dict)
    comments: dict[Id, Comment] = Field(default_factory=dict)
    ui: Ui = Field(default_factory=Ui)
