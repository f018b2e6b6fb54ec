"""The engines, one package per game; importing this registers them all."""

from .bohnanza import Bohnanza
from .for_sale import ForSale
from .kuhhandel import Kuhhandel
from .money_monsoon import MoneyMonsoon

__all__ = ["Bohnanza", "ForSale", "Kuhhandel", "MoneyMonsoon"]
