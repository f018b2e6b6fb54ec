"""The engines, one package per game; importing this registers them all."""

from .for_sale import ForSale

__all__ = ["ForSale"]
