"""A game registered outside gamekit, for the simulation tests: For Sale's engine under a name and
a rule prefix of its own, in a module of the tests that only a caller imports (as a contributor's
own game would be), never gamekit itself."""

from gamekit.core.registry import register
from gamekit.games.for_sale import ForSale


@register
class Resale(ForSale):
    """For Sale's rules, registered again as another game."""

    name = "resale"
    title = "Resale"
    rule_prefix = "RS"
