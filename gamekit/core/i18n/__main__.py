"""``python -m gamekit.core.i18n check|update [PART ...]`` (a package, so runpy imports it once)."""

from . import main

raise SystemExit(main())
