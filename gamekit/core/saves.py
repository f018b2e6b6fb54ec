"""Saving and loading a game: the save format, and ``load_game``'s checks of a save.

A save is the set-up, the seat that started, a fingerprint of the chance still to come, the
actions, a digest of the whole history and the resulting teacher's view, as JSON
(``Game.to_json``). Loading rebuilds the set-up, replays the actions and then checks the saved
state against the replayed game: its shape, the game's own rule checks (``Game.state_problems``)
and equality; then the history digest against the replayed actions and events, because many
actions leave no trace in the final state (a losing sealed bid); anything wrong is a ``LoadError``.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from .errors import ConfigError, IllegalAction, LoadError
from .i18n import N_, _
from .narration import seat_name_safe
from .quoting import clip, quote
from .registry import game_class, title_of

if TYPE_CHECKING:
    from .game import Game

# /2 adds ``first_player`` (the seat that started) and ``chance`` (see ``Game.chance_fingerprint``);
# /3 adds ``history`` (see ``history_digest``). Older saves load without the checks they lack.
SAVE_FORMAT = "gamekit-save/3"
_SETUP_KEYS = ("game", "players", "seed", "options", "stack")
SAVE_KEYS = {
    "gamekit-save/1": (*_SETUP_KEYS, "actions", "state"),
    "gamekit-save/2": (*_SETUP_KEYS, "first_player", "chance", "actions", "state"),
    SAVE_FORMAT: (*_SETUP_KEYS, "first_player", "chance", "actions", "history", "state"),
}
# Added to every event when it is shown, in the language of that moment: not part of what happened.
_SHOWN_KEYS = frozenset({"text", "rule"})
MAX_ACTION_TEXT = 1000  # longer than any action text a game writes, even a shorthand one


def save_text(game: Game) -> str:
    """``game``'s save (``Game.to_json``): the set-up, the seat that started, the chance to come,
    the actions so far and the resulting state, as JSON text."""
    saved = {"format": SAVE_FORMAT, **game.setup}
    saved["first_player"] = game.first_player
    saved["chance"] = game.chance_fingerprint()
    saved["actions"] = [[seat, text] for seat, text in game.history]
    saved["history"] = history_digest(game)
    saved["state"] = game.view()
    return json.dumps(saved, sort_keys=True)


def history_digest(game: Game) -> str:
    """A digest of everything that happened: every action with its seat, and every event the
    game recorded (private parts included, narration left out: it depends on the language).

    The final state does not show every action (a losing sealed bid, a cow-trade offer, a bid
    that was raised), so a save whose history was edited could otherwise lead to the same state
    and load. Like ``chance_fingerprint`` it shows an edit, it does not seal a save: anyone can
    recompute it.

    Two hash chains, one over the actions and one over the events, kept on the game with how far
    they reach (bytes: a copy of the game copies them): actions and events are only ever added,
    so a save after every action (the classroom's) hashes only what is new."""
    actions, events = game.history, game._events
    reached = game.__dict__.get(_CHAIN)
    if reached is None or reached[0] > len(actions) or reached[1] > len(events):
        reached = (0, 0, b"", b"")
    _, _, acted, happened = reached
    for seat, text in actions[reached[0] :]:
        acted = _link(acted, json.dumps([seat, text]))
    for event in events[reached[1] :]:
        what = {key: value for key, value in event.items() if key not in _SHOWN_KEYS}
        happened = _link(happened, json.dumps(what, sort_keys=True, default=repr))
    game.__dict__[_CHAIN] = (len(actions), len(events), acted, happened)
    return hashlib.blake2b(acted + happened, digest_size=16).hexdigest()


_CHAIN = "_history_chain"


def _link(chain: bytes, item: str) -> bytes:
    return hashlib.blake2b(chain + item.encode(), digest_size=16).digest()


def _type_name(value: Any) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def _shape_problem(saved: Any, model: Any, path: str, players: int, depth: int = 0) -> str | None:
    """Where the saved state is not shaped like the game's own teacher's view (``model``, the
    view the saved actions lead to), or None: the same keys, the same leaf types (``True`` is
    not ``1``), no more entries than seats where the view has one per seat, lists element-wise.

    Values are not compared here: the rule checks (``state_problems``) and ``_first_difference``
    judge them once this holds, so they never meet a text where a number belongs. None on either
    side (an empty field, no high bidder, a sealed choice not yet made) is a value, not a shape:
    the comparison reports it."""
    if model is None or saved is None:
        return None
    if type(saved) is not type(model):
        return _(
            "{path} is {found}, expected {kind}",
            path=path,
            found=_type_name(saved),
            kind=type(model).__name__,
        )
    if isinstance(model, dict):
        for key in model:
            if key not in saved:
                return _("{path} is missing", path=path + "." + str(key))
        values = list(model.values())
        # A mapping with values of one type (animal -> count) may gain keys; a record may not.
        sample = values[0] if values and all(type(v) is type(values[0]) for v in values) else None
        for key, value in saved.items():
            if key not in model and (depth == 0 or sample is None):
                return _("{path} is unexpected", path=path + "." + str(key))
            found = _shape_problem(value, model.get(key, sample), f"{path}.{key}", players, depth + 1)
            if found:
                return found
    elif isinstance(model, list):
        if depth == 1 and len(model) == players < len(saved):  # more seats than the game has
            return _(
                "{path} has {count} entries where the game has {players}",
                path=path,
                count=len(saved),
                players=players,
            )
        for i, value in enumerate(saved):
            like = model[i] if i < len(model) else (model[-1] if model else None)
            found = _shape_problem(value, like, f"{path}[{i}]", players, depth + 1)
            if found:
                return found
    return None


def _first_difference(a: Any, b: Any, path: str = "state") -> str | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                where = f"{path}.{key}"
                return (
                    _("{path} is missing", path=where)
                    if key not in a
                    else _("{path} is unexpected", path=where)
                )
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return _(
                "{path} has {count} entries where the actions lead to {wanted}",
                path=path,
                count=len(a),
                wanted=len(b),
            )
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    if type(a) is not type(b) or a != b:
        return _(
            "{path} is {found} where the actions lead to {wanted}", path=path, found=quote(a), wanted=quote(b)
        )
    return None


def _refuse_constant(name: str) -> Any:
    raise LoadError(_("not a saved game: {name} is not a number a save holds", name=name))


def _read_save(text: str) -> dict[str, Any]:
    """The JSON object of a save, its envelope checked: the format, its keys and their types."""
    if not isinstance(text, str):
        raise LoadError(_("a saved game is JSON text (a str), not {kind}", kind=_type_name(text)))
    try:
        saved = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise LoadError(_("not a saved game: the JSON is nested too deeply")) from None
    except ValueError as exc:  # JSONDecodeError, and a number too long to convert
        raise LoadError(
            _("not a saved game: the text is not valid JSON ({error})", error=clip(str(exc), 100))
        ) from None
    if not isinstance(saved, dict):
        raise LoadError(_("not a saved game: expected a JSON object"))
    fmt = saved.get("format")
    if type(fmt) is not str or fmt not in SAVE_KEYS:
        raise LoadError(
            _(
                "not a saved game: format is {found}, expected {wanted}",
                found=quote(fmt),
                wanted=repr(SAVE_FORMAT),
            )
        )
    keys = SAVE_KEYS[fmt]
    missing = [k for k in keys if k not in saved]
    if missing:
        raise LoadError(_("saved game is missing {keys}", keys=", ".join(missing)))
    unexpected = sorted(quote(k) for k in saved if k != "format" and k not in keys)
    if unexpected:
        raise LoadError(
            _("saved game ({format}) has unexpected {keys}", format=fmt, keys=", ".join(unexpected[:5]))
        )
    for key, kind, what in (
        ("seed", int, N_("a whole number")),
        ("options", dict, N_("a JSON object")),
        ("stack", dict, N_("a JSON object")),
        ("first_player", int, N_("a seat number")),
        ("chance", str, N_("a text")),
        ("history", str, N_("a text")),
        ("state", dict, N_("a JSON object")),
    ):
        if key in saved and type(saved[key]) is not kind:
            raise LoadError(
                _("saved {key} must be {what}, not {value}", key=key, what=_(what), value=quote(saved[key]))
            )
    actions = saved["actions"]
    if not isinstance(actions, list):
        raise LoadError(
            _(
                "saved actions must be a list of [seat, action text] pairs, not {actions}",
                actions=quote(actions),
            )
        )
    for i, pair in enumerate(actions):
        if not (type(pair) is list and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is str):
            raise LoadError(
                _(
                    "saved actions must be a list of [seat, action text] pairs; action {i} is {pair}",
                    i=i,
                    pair=quote(pair),
                )
            )
        if len(pair[1]) > MAX_ACTION_TEXT:
            raise LoadError(
                _(
                    "saved action {i} is {length} characters long ({text}); no action text is longer than {most}",
                    i=i,
                    length=len(pair[1]),
                    text=quote(pair[1]),
                    most=MAX_ACTION_TEXT,
                )
            )
    return saved


def load_game(text: str) -> Game:
    """A saved game (``to_json``) back, checked: damaged or rule-breaking data → LoadError.

    Only ``LoadError`` leaves, whatever ``text`` is. The set-up is rebuilt and the actions
    replayed; then the saved state must have the shape of the replayed game's view, break no rule
    (``state_problems``) and equal that view; (format /2 on) the seat that started and the chance
    to come (``chance_fingerprint``) must be the replayed game's; and (format /3) so must the
    history (``history_digest``: every action and event, not only those the state shows)."""
    saved = _read_save(text)
    try:
        game = game_class(saved["game"])(
            saved["players"], seed=saved["seed"], options=saved["options"], stack=saved["stack"]
        )
    except ConfigError as exc:
        raise LoadError(_("saved set-up is not valid: {error}", error=exc)) from None
    unnamed = [name for name in game.options if name not in saved["options"]]
    if unnamed:  # a save names every option: one left out would silently take its default
        raise LoadError(
            _("saved options do not name {names}; a save names every option", names=", ".join(unnamed))
        )
    for i, (seat, action) in enumerate(saved["actions"]):
        try:
            game.act(seat, action)
        except IllegalAction as exc:
            raise LoadError(
                _(
                    "saved action {i} ({seat}: {action}) is illegal: {error}",
                    i=i,
                    seat=seat_name_safe(seat),
                    action=quote(action),
                    error=clip(str(exc)),
                )
            ) from None
        except Exception as exc:  # the last line of defence: act refuses only with IllegalAction
            raise LoadError(
                _(
                    "saved action {i} ({seat}: {action}) cannot be replayed ({error})",
                    i=i,
                    seat=seat_name_safe(seat),
                    action=quote(action),
                    error=type(exc).__name__,
                )
            ) from None
    state = saved["state"]
    model = json.loads(json.dumps(game.view()))
    problem = _shape_problem(state, model, "state", game.players)
    if problem:
        raise LoadError(
            _("saved state is not a {title} state: {problem}", title=title_of(game), problem=problem)
        )
    try:
        problems = game.state_problems(state)
    except Exception as exc:  # the last line of defence behind the shape check
        raise LoadError(
            _("saved state cannot be checked: {error} in its rule checks", error=type(exc).__name__)
        ) from None
    if problems:
        raise LoadError(
            _("saved state breaks the rules: {problems}", problems=clip("; ".join(problems), 570))
        )
    difference = _first_difference(state, model)
    if difference:
        raise LoadError(_("saved state does not match its actions: {difference}", difference=difference))
    _check_digests(saved, game)
    return game


def _check_digests(saved: dict[str, Any], game: Game) -> None:
    """What the state does not show, checked against the replayed game as far as the save's
    format records it: the seat that started and the chance to come (/2), the history (/3)."""
    if saved["format"] != "gamekit-save/1":
        if saved["first_player"] != game.first_player:
            raise LoadError(
                _(
                    "saved first_player {seat} is not the seat that started ({first}): the set-up was edited",
                    seat=quote(saved["first_player"]),
                    first=game.first_player,
                )
            )
        if saved["chance"] != game.chance_fingerprint():
            raise LoadError(
                _(
                    "saved chance does not match the set-up and actions: the seed, options or stack "
                    "(a stacked card or die still to come, a stacked first_player) were edited"
                )
            )
    if saved["format"] == SAVE_FORMAT and saved["history"] != history_digest(game):
        raise LoadError(
            _(
                "saved history does not match its digest: an action was edited (one the final state "
                "does not show, such as a losing sealed bid), or the save comes from a version of "
                "gamekit whose rules play differently"
            )
        )
