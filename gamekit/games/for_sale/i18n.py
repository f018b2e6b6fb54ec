"""This game's texts and their translations: ``_("{name} bids {total}", name=..., total=...)``.

Its catalogue is ``locale/<lang>/LC_MESSAGES/for_sale.po`` beside this file (see ``gamekit.core.i18n``).
"""

from __future__ import annotations

from ...core.i18n import N_, domain

_ = domain("for_sale")
_n = _.plural

__all__ = ["N_", "_", "_n"]
