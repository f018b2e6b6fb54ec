"""Jupyter widgets for the lessons: thin layers over ``gamekit.teach`` and ``gamekit.plots``.

Every widget here only arranges controls and displays; the work is done by a
tested function it calls (shown in the lesson next to the widget):

- ``StepPlayer``: Back / Next / Reset over a ``teach.Replay``.
- ``YourMove``: ``teach.what_if`` from a position of a replay.
- ``PlayTable``: a ``teach.Table`` with buttons and sliders for the legal actions, which
  stops on the bots' turns when the person may act "at any time" (a harvest, say),
  takes the steps the rules force for a person (``assist``) and carries out a person's
  standing orders; several people at one device get a hand-over screen before each private view.
- ``RuleExplorer``: option controls that re-run ``gamekit.simulate`` and redraw plots (or,
  ``live``, redraw a quick computation as a slider moves: the auction sandbox).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from html import escape
from typing import Any

from .core.extras import needs_extra

with needs_extra("lessons", "gamekit.widgets"):  # ipywidgets and plotly come with the lessons extra
    import ipywidgets as w
    from IPython.display import display

    from . import rules
    from .bots import describe
    from .core.errors import GamekitError, IllegalAction
    from .core.game import SEAT_NAMES, Game, game_class
    from .core.i18n import N_, Text, domain
    from .core.options import Option
    from .experiments import overview
    from .lessons import present_button, presenting
    from .pictures import STYLE, picture
    from .simulate import BotSpec
    from .teach import Replay, Table, action_groups, what_if

_ = domain("teaching")
_n = _.plural
# The columns of ``teach.WhatIf.comparison`` (data keys), as the table under "Play it out" heads them.
COMPARISON_HEADS = {
    "seat": N_("seat"),
    "original score": N_("original score"),
    "original rank": N_("original rank"),
    "new score": N_("new score"),
    "new rank": N_("new rank"),
    "change": N_("change"),
}


def _now(text: str) -> str:
    """A text in the language of this moment (a note made earlier, in another language, again)."""
    return text.render() if isinstance(text, Text) else str(text)


def _html(inner: str) -> str:
    return STYLE + inner


def _rule_summary(rule_id: str) -> str:
    """ "<ID> <title>: <statement>" from the rules reference, for a tooltip."""
    try:
        rule = rules.get(rule_id).localized()
    except KeyError:
        return rule_id
    return f"{rule.id} {rule.title}: {rule.statement}"


def _rule_tag(rule_id: str) -> str:
    """A rule ID in the narration; hovering over it shows the rule's statement."""
    return (
        f' <span class="gk-rule-id" title="{escape(_rule_summary(rule_id), quote=True)}" '
        f'style="color:#7a5c00;font-size:13px;text-decoration:underline dotted;cursor:help">'
        f"({escape(rule_id)})</span>"
    )


def _lines(texts: Sequence[str], rule_ids: Sequence[str | None] | None = None) -> str:
    items = []
    for i, text in enumerate(texts):
        rule_id = rule_ids[i] if rule_ids else None
        items.append(f"<li>{escape(text)}{_rule_tag(rule_id) if rule_id else ''}</li>")
    return f'<ul class="gk-narration" style="font-size:16px;margin:4px 0">{"".join(items)}</ul>'


def _error(error: Exception | str) -> str:
    """An error in place; a refused action also shows the statement of the rule it names."""
    rule = error.rule if isinstance(error, IllegalAction) else None
    rule = rule.localized() if rule else None
    because = (
        f'<div class="gk-error-rule" style="color:#555;font-size:14px">{escape(rule.id)} '
        f"{escape(rule.title)}: {escape(rule.statement)}</div>"
        if rule
        else ""
    )
    return f'<div class="gk-error" style="color:#a40000;font-size:16px">⚠ {escape(str(error))}{because}</div>'


class StepPlayer(w.VBox):
    """Back / Next / Reset through a recorded game or worked example."""

    def __init__(self, replay: Replay | Game | str, seat: int | None = None) -> None:
        if isinstance(replay, Game):
            replay = Replay.of_game(replay)
        elif isinstance(replay, str):
            replay = Replay.of_example(replay)
        self.replay = replay
        self.step = 0
        self.seat = seat
        self.back = w.Button(description=_("◀ Back"), layout=w.Layout(width="110px"))
        self.next = w.Button(description=_("Next ▶"), button_style="primary", layout=w.Layout(width="110px"))
        self.reset = w.Button(description=_("⟲ Reset"), layout=w.Layout(width="110px"))
        self.back.add_class("gk-back")
        self.next.add_class("gk-next")
        self.reset.add_class("gk-reset")
        self.position = w.HTML()
        self.position.add_class("gk-position")
        self.story = w.HTML()
        self.story.add_class("gk-story")
        self.board = w.HTML()
        # One button per rule the step carries out; a click shows the rule's card from the reference.
        self.rule_buttons = w.HBox()
        self.rule_card = w.HTML()
        self.rule_card.add_class("gk-rule-card")
        self.shown_rule: str | None = None
        self.back.on_click(lambda _: self.show(self.step - 1))
        self.next.on_click(lambda _: self.show(self.step + 1))
        self.reset.on_click(lambda _: self.show(0))
        super().__init__(
            [
                w.HBox([self.back, self.next, self.reset, self.position]),
                self.story,
                self.rule_buttons,
                self.rule_card,
                self.board,
            ]
        )
        self.show(0)

    def show_rule(self, rule_id: str | None) -> None:
        """Show one rule's card under the narration (the same ID again, or None, hides it)."""
        self.shown_rule = None if rule_id in (None, self.shown_rule) else rule_id
        brief = presenting()  # a projector shows the card's title and statement, the rest on a click
        self.rule_card.value = rules.get(self.shown_rule).html(brief=brief) if self.shown_rule else ""

    def show(self, step: int) -> None:
        """Display position ``step`` (clamped to the replay)."""
        self.step = max(0, min(step, len(self.replay) - 1))
        frame = self.replay[self.step]
        self.back.disabled = self.step == 0
        self.next.disabled = self.step == len(self.replay) - 1
        nxt = f"<b>{escape(frame.next)}</b>" if frame.next else ""
        self.position.value = (
            '<span style="font-size:16px;margin-left:10px">'
            + escape(_("step {step} of {last}", step=self.step, last=len(self.replay) - 1))
            + (
                " · " + _("next: {action}", action=nxt)
                if frame.next
                else " · " + escape(_("end of the record"))
            )
            + "</span>"
        )
        done = "<b>" + escape(frame.last or _("Starting position")) + "</b>"
        self.story.value = _html(
            f'<div style="font-size:16px">{done}'
            + (" — " + escape(_("rules {ids}", ids=", ".join(frame.rules))) if frame.rules else "")
            + "</div>"
            + _lines(frame.narration, [e.get("rule") for e in frame.events])
        )
        self.board.value = _html(picture(frame.game, self.seat).html)
        buttons = []
        for rule_id in dict.fromkeys([*frame.rules, *(e["rule"] for e in frame.events if e.get("rule"))]):
            button = w.Button(
                description=rule_id, tooltip=_rule_summary(rule_id), layout=w.Layout(width="auto")
            )
            button.add_class("gk-rule-button")
            button.on_click(lambda _, rule_id=rule_id: self.show_rule(rule_id))
            buttons.append(button)
        self.rule_buttons.children = buttons
        self.show_rule(None)


class YourMove(w.VBox):
    """From a position of a replay, take a seat, try another action, and compare the outcomes."""

    def __init__(
        self,
        replay: Replay | str,
        step: int = 0,
        bots: Sequence[BotSpec] | BotSpec = "spread",
    ) -> None:
        if isinstance(replay, str):
            replay = Replay.of_example(replay)
        self.replay = replay
        self.bots = bots
        self.step_box = w.BoundedIntText(
            value=step, min=0, max=len(replay) - 1, description=_("step"), layout=w.Layout(width="160px")
        )
        self.seat = w.Dropdown(description=_("seat"), layout=w.Layout(width="160px"))
        self.action = w.Dropdown(description=_("action"), layout=w.Layout(width="240px"))
        self.rest = w.ToggleButtons(
            options=[(_("recorded moves, then bots"), "recorded"), (_("bots"), "bots")], description=_("then")
        )
        self.go = w.Button(description=_("Play it out"), button_style="primary")
        self.go.add_class("gk-play-out")
        self.board = w.HTML()
        self.out = w.HTML()
        self.out.add_class("gk-what-if")
        self.step_box.observe(lambda _: self._position(), names="value")
        self.seat.observe(lambda _: self._actions(), names="value")
        self.go.on_click(lambda _: self.play_out())
        super().__init__(
            [
                w.HBox([self.step_box, self.seat, self.action]),
                w.HBox([self.rest, self.go]),
                self.board,
                self.out,
            ]
        )
        self._position()

    def _position(self) -> None:
        game = self.replay[self.step_box.value].game
        self.seat.options = [(SEAT_NAMES[s], s) for s in game.to_act]
        self.seat.value = game.to_act[0] if game.to_act else None
        self.board.value = _html(picture(game).html)
        self._actions()

    def _actions(self) -> None:
        game = self.replay[self.step_box.value].game
        seat = self.seat.value
        self.action.options = [str(a) for a in game.legal_actions(seat)] if seat is not None else []
        self.action.value = self.action.options[0] if self.action.options else None

    def play_out(self) -> None:
        """Run ``teach.what_if`` with the chosen seat and action and show both outcomes."""
        try:
            result = what_if(
                self.replay,
                self.step_box.value,
                self.seat.value,
                self.action.value,
                rest=self.rest.value,
                bots=self.bots,
            )
        except GamekitError as exc:
            self.out.value = _error(exc)
            return
        rows = "".join(
            "<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in row.values()) + "</tr>"
            for row in result.comparison()
        )
        head = "".join(f"<th>{escape(_(COMPARISON_HEADS.get(k, k)))}</th>" for k in result.comparison()[0])
        notes = "".join(f"<div>{escape(_now(n))}</div>" for n in result.notes)
        self.out.value = _html(
            '<div style="font-size:16px"><b>'
            + escape(
                _(
                    "{seat} plays {action} at step {step}",
                    seat=SEAT_NAMES[result.seat],
                    action=result.action,
                    step=result.step,
                )
            )
            + "</b> "
            + escape(
                _n(
                    "({n} recorded move kept)",
                    "({n} recorded moves kept)",
                    result.recorded_moves_used,
                )
            )
            + f"</div>{notes}"
            f'<table class="gk-seats" style="max-width:700px"><tr>{head}</tr>{rows}</table>'
            + '<div style="display:flex;gap:10px"><div><b>'
            + escape(_("Original"))
            + "</b>"
            + picture(result.original).html
            + "</div><div><b>"
            + escape(_("Your move"))
            + "</b>"
            + picture(result.alternative).html
            + "</div></div>"
        )


class PlayTable(w.VBox):
    """Play against bots: buttons for the choices, a slider for bids, errors shown in place.

    In a game with "at any time" actions (the public contract) the bots stop before every decision
    of theirs at which the person may take one (``teach.may_act_any_time``: every point the
    engine makes, a pause before a reshuffling draw included): buttons for those
    actions, "Go on" (pass this point: on to the next) and "To my move" (pass them all until the
    person's own decision). A check box switches these stops off.

    Several people at one table (``humans`` lists more than one seat) share the device: before
    a person's private view appears, a hand-over screen asks to pass the device and shows it
    only when that person confirms ("I am B, show my hand"). The seat menu (when several
    people may act) chooses whose turn is next, never whose view is shown; messages are
    cleared whenever the view changes hands. With one person nothing of this appears.

    ``assist`` (on by default) lets the table take routine steps for a person, each named in the
    story with "(assist: ...)": a step the rules force ("forced": one legal action, and every
    "at any time" action gives the same position before or after it), a choice whose every
    option leads to the same position ("same"), and a payment (kind ``pay``) with the fewest cards
    ("pay", a default: untick "pay with the fewest cards" to choose the cards by hand). Pass
    ``assist=False`` or a set of those names (``teach.ASSIST_SHORTCUTS``). A person may also set
    standing orders, shown as "(your standing order ...)": in auctions with holds "bid for me
    up to" a limit (0: always hold), where offers are made "refuse offers made to me". Check boxes switch
    each on and off at any time; with several people each person's standing orders are their own.
    ``present_toggle`` adds the presentation-mode button (``gamekit.present``) under the table.
    """

    def __init__(
        self,
        game: Game,
        humans: Sequence[int] | int = 0,
        bots: Sequence[BotSpec] | BotSpec = "spread",
        stop_for_any_time: bool = True,
        assist: bool | Collection[str] = True,
        present_toggle: bool = False,
    ) -> None:
        self.table = Table(game, humans, bots, stop_for_any_time=stop_for_any_time, assist=assist)
        self.several = len(self.table.humans) > 1
        # The person whose private view may be shown: with several people, set only when
        # someone confirms at the hand-over screen, and forgotten as soon as the device changes hands.
        self.viewer: int | None = None if self.several else min(self.table.humans)
        self._chosen: int | None = None  # the seat picked in the menu, to act next
        self._shown: int | None = self.viewer  # whose view (or hand-over) is on screen
        self._syncing = False
        self._build_display()
        self._build_any_time(type(game), stop_for_any_time)
        self._build_assist_and_orders(type(game))
        super().__init__(
            [
                self.board,
                self.story,
                self.message,
                self.seat_choice,
                self.controls,
                self.typed_row,
                self.stops,
                self.assist_box,
                self.pay_box,
                self.orders,
                *([present_button()] if present_toggle else []),
            ]
        )
        self.add_class("gk-play-table")
        self.shown_from = self.table.log_start  # what happened before the first decision
        self.refresh()

    def _build_display(self) -> None:
        """The board, the story, messages, the controls, the typed action and the hand-over screen."""
        self.board = w.HTML()
        self.board.add_class("gk-board")
        self.story = w.HTML()
        self.story.add_class("gk-table-story")
        self.message = w.HTML()
        self.message.add_class("gk-message")
        self.controls = w.VBox()
        self.typed = w.Text(placeholder=_("or type an action"), layout=w.Layout(width="260px"))
        self.typed_go = w.Button(description=_("Do it"))
        self.typed_go.on_click(lambda _: self.act(self.typed.value))
        self.typed_row = w.HBox([self.typed, self.typed_go])
        self.seat_choice = w.Dropdown(description=_("next"), layout=w.Layout(width="180px"))
        self.seat_choice.observe(self._seat_chosen, names="value")
        self.hand_over_note = w.HTML()
        self.hand_over_note.add_class("gk-hand-over-note")
        self.hand_over = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.hand_over.add_class("gk-hand-over")
        self.hand_over.on_click(lambda _: self.confirm())

    def _build_any_time(self, kind: type[Game], stop_for_any_time: bool) -> None:
        """The buttons and the check box of the "at any time" stops (hidden for a game without them)."""
        self.go_on = w.Button(description=_("Go on ▶"), button_style="primary")
        self.go_on.add_class("gk-go-on")
        self.go_on.on_click(lambda _: self.resume(stop=True))
        self.to_my_move = w.Button(description=_("To my move ▶▶"))
        self.to_my_move.add_class("gk-to-my-move")
        self.to_my_move.on_click(lambda _: self.resume(stop=False))
        self.stops = w.Checkbox(
            value=stop_for_any_time,
            description=_("stop on the others' turns when I may act at any time"),
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.stops.add_class("gk-stops")
        self.stops.observe(
            lambda change: setattr(self.table, "stop_for_any_time", change["new"]), names="value"
        )
        if not kind.any_time_kinds:
            self.stops.layout.display = "none"

    def _build_assist_and_orders(self, kind: type[Game]) -> None:
        """The check boxes of ``assist`` and of the standing orders the game's events allow."""
        shortcuts = self.table.assist
        self.assist_box = self._check_box(
            "gk-assist",
            _("take the steps the rules force for me (assist)"),
            bool(shortcuts & {"forced", "same"}),
            lambda on: self._shortcuts({"forced", "same"}, on),
        )
        events = kind.event_rules
        self.pay_box = self._check_box(
            "gk-assist-pay",
            _("pay with the fewest cards for me"),
            "pay" in shortcuts,
            lambda on: self._shortcuts({"pay"}, on),
            shown="pay" in events,
        )
        self.limit = w.BoundedIntText(value=0, min=0, max=10_000, step=10, layout=w.Layout(width="90px"))
        self.limit.add_class("gk-limit")
        self.limit.observe(lambda _: self._standing(), names="value")
        self.limit_box = self._check_box(
            "gk-standing-limit",
            _("in auctions, bid for me up to this limit (0: hold)"),
            False,
            lambda _: self._standing(),
            shown="hold" in events,
        )
        self.limit_row = w.HBox([self.limit_box, self.limit])
        self.limit_row.layout.display = self.limit_box.layout.display
        self.limit_box.layout.display = ""
        self.refuse_box = self._check_box(
            "gk-standing-refuse",
            _("refuse the offers made to me"),
            False,
            lambda _: self._standing(),
            shown="reject" in events,
        )
        # A person's standing orders are their own: hidden while the device changes hands.
        self.orders = w.VBox([self.limit_row, self.refuse_box])

    def _check_box(
        self, css: str, label: str, value: bool, changed: Callable[[bool], None], shown: bool = True
    ) -> w.Checkbox:
        box = w.Checkbox(value=value, description=label, indent=False, layout=w.Layout(width="auto"))
        box.add_class(css)
        box.observe(lambda change: None if self._syncing else changed(change["new"]), names="value")
        box.layout.display = "" if shown else "none"
        return box

    def _shortcuts(self, names: set[str], on: bool) -> None:
        """Switch assist shortcuts on or off; a step now due is taken at once."""
        table = self.table
        table.assist = table.assist | names if on else table.assist - names
        self._take_routine_steps()

    def _standing(self) -> None:
        """The shown person's standing orders follow the check boxes; a step now due is taken."""
        if self._syncing or self.handing_over:
            return
        seat, table = self.seat, self.table
        if self.limit_box.value:
            table.bid_limits[seat] = self.limit.value
        else:
            table.bid_limits.pop(seat, None)
        if self.refuse_box.value:
            table.refusing.add(seat)
        else:
            table.refusing.discard(seat)
        self._take_routine_steps()

    def _take_routine_steps(self) -> None:
        if self.table.waiting_for and not self.handing_over:
            start = len(self.table.game.log)
            self.table.advance()
            if len(self.table.game.log) > start:
                self.shown_from = start
        self.refresh()

    @property
    def seat(self) -> int:
        """The person whose turn it is at the device: the one chosen in the menu among those who
        may act, else the person looking now if they may act, else the first who may, else
        (nobody may act) the person looking, or the first person."""
        waiting = self.table.waiting_for or self.table.any_time_seats
        for candidate in (self._chosen, self.viewer):
            if candidate is not None and candidate in waiting:
                return candidate
        if waiting:
            return waiting[0]
        return self.viewer if self.viewer is not None else min(self.table.humans)

    @property
    def handing_over(self) -> bool:
        """True while the hand-over screen is up: the device goes to ``seat``, whose view waits."""
        return self.several and not self.table.game.is_over and self.seat != self.viewer

    def confirm(self) -> None:
        """The person at the hand-over screen says they are ``seat``: show their view."""
        if self.handing_over:
            self.viewer = self.seat
            self.message.value = ""
        self.refresh()

    def _seat_chosen(self, change: dict[str, Any]) -> None:
        """The menu picks who acts next; their view still waits for the hand-over."""
        if self._syncing:
            return
        self._chosen = change["new"]
        self.refresh()

    def resume(self, stop: bool) -> None:
        """The person shown passes this point and the bots go on: to the next point where a person
        may act at any time, or (``stop`` False) until a person must decide."""
        start = len(self.table.game.log)
        if self.table.paused and not self.handing_over:
            self.table.pass_point(self.seat, stop_for_any_time=stop)
        else:
            self.table.advance(stop_for_any_time=stop)
        self.message.value = ""
        self.shown_from = start
        self.refresh()

    def act(self, action: str) -> None:
        """Submit ``action`` for the shown seat; an error is shown and changes nothing."""
        seat = self.seat
        if self.handing_over:
            self.message.value = _error(_("{seat} must take the device first", seat=SEAT_NAMES[seat]))
            return
        start = len(self.table.game.log)
        try:
            self.table.submit(seat, action.strip())
        except GamekitError as exc:
            self.message.value = _error(exc)
            return
        self.message.value = ""
        self.typed.value = ""
        self._chosen = None  # the person picked to go next has gone
        self.shown_from = start  # narrate this move and the bots' replies to it
        self.refresh()

    def refresh(self) -> None:
        game = self.table.game
        waiting = self.table.waiting_for or self.table.any_time_seats
        seat = self.seat
        handing_over = self.handing_over
        if handing_over:
            self.viewer = None  # whoever looked last has passed the device on
        if seat != self._shown or handing_over:
            # A message or a half-typed action may name what only the last person may know.
            self.message.value = ""
            self.typed.value = ""
        self._shown = seat
        options = [(SEAT_NAMES[s], s) for s in (waiting or sorted(self.table.humans))]
        self._syncing = True
        try:
            if list(self.seat_choice.options) != options:
                self.seat_choice.options = options
            if self.seat_choice.value != seat and seat in [s for _, s in options]:
                self.seat_choice.value = seat
        finally:
            self._syncing = False
        self.seat_choice.layout.display = "" if len(waiting) > 1 else "none"
        self.orders.layout.display = "none" if handing_over else ""
        if handing_over:
            name = SEAT_NAMES[seat]
            self.board.value = ""
            self.story.value = ""
            self.typed_row.layout.display = "none"
            self.hand_over_note.value = (
                '<div style="font-size:18px"><b>'
                + escape(_("Pass the device to {name}.", name=name))
                + "</b> "
                + escape(_("Only {name} should look at the screen now.", name=name))
                + "</div>"
            )
            self.hand_over.description = _("I am {name}, show my hand", name=name)
            self.controls.children = [self.hand_over_note, self.hand_over]
            return
        self.typed_row.layout.display = ""
        shown = None if game.is_over else seat
        self.board.value = _html(picture(game, shown).html)
        self._syncing = True
        try:
            self.limit_box.value = seat in self.table.bid_limits
            self.limit.value = self.table.bid_limits.get(seat, self.limit.value)
            self.refuse_box.value = seat in self.table.refusing
        finally:
            self._syncing = False
        notes = self.table.notes(self.shown_from, seat)
        texts: list[str] = []
        rule_ids: list[str | None] = []
        for index, event in enumerate(self.table.game.log_for(seat)[self.shown_from :], self.shown_from):
            if index in notes:
                texts.append(f"↳ {_now(notes[index])}")
                rule_ids.append(None)
            texts.append(event["text"])
            rule_ids.append(event.get("rule"))
        self.story.value = _html(_lines(texts, rule_ids))
        if seat in self.table.waiting_for:
            self.controls.children = self._buttons(seat)
        elif self.table.paused:
            actor = ", ".join(SEAT_NAMES[s] for s in game.to_act)
            heading = (
                "<b>"
                + escape(
                    _(
                        "{actor} to act. {seat}, you may act now, or let the others go on:",
                        actor=actor,
                        seat=SEAT_NAMES[seat],
                    )
                )
                + "</b>"
            )
            self.controls.children = [
                *self._buttons(seat, heading),
                w.HBox([self.go_on, self.to_my_move]),
            ]
        else:
            over = "<b>" + escape(_("Game over.")) + "</b>" if game.is_over else escape(_("Waiting…"))
            self.controls.children = [w.HTML(over)]

    def _buttons(self, seat: int, heading: str | None = None) -> list[w.Widget]:
        mine = "<b>" + escape(_("{seat}, your move:", seat=SEAT_NAMES[seat])) + "</b>"
        rows: list[w.Widget] = [w.HTML(heading or mine)]
        for group in action_groups(self.table.game.legal_actions(seat)):
            if group.slider:
                slider = w.IntSlider(
                    value=group.low, min=group.low, max=group.high, step=group.step, description=group.kind
                )
                slider.add_class(f"gk-slider-{group.kind}")
                button = w.Button(description=group.kind, button_style="primary")
                button.add_class(f"gk-act-{group.kind}")
                button.on_click(lambda _, s=slider, k=group.kind: self.act(f"{k} {s.value}"))
                rows.append(w.HBox([slider, button]))
            else:
                buttons = []
                for action in group.actions:
                    button = w.Button(description=str(action), layout=w.Layout(width="auto"))
                    button.add_class(f"gk-act-{group.kind}")
                    button.on_click(lambda _, a=str(action): self.act(a))
                    buttons.append(button)
                rows.append(w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")))
        return rows


# Options that bound a game's length for a computer: not rules a class explores.
SAFETY_LIMITS = ("max_turns", "max_decisions")


def option_control(option: Option) -> w.ValueWidget:
    """The control for one declared rule option: a check box, buttons, a menu or a slider."""
    label = option.name.replace("_", " ")
    choices = option.choices or ()
    if choices == (False, True):
        return w.Checkbox(value=option.default, description=label, tooltip=option.doc)
    if option.minimum is None:
        return w.ToggleButtons(
            options=list(choices), value=option.default, description=label, tooltip=option.doc
        )
    if None in choices:  # a whole number or "none" (no limit)
        steps = [option.minimum + step for step in (0, 1, 2, 4, 8)]
        menu = [(_("none"), None), *((str(n), n) for n in steps)]
        return w.Dropdown(options=menu, value=option.default, description=label, tooltip=option.doc)
    top = max(2 * option.default, option.minimum + 10)
    return w.IntSlider(
        value=option.default, min=option.minimum, max=top, description=label, tooltip=option.doc
    )


class RuleExplorer(w.VBox):
    """Option controls that re-run a simulation and redraw its plots."""

    def __init__(
        self,
        run: Callable[..., Any],
        controls: Mapping[str, w.ValueWidget],
        button: str | None = None,
        live: bool = False,
    ) -> None:
        """``run(**values)`` does the work and returns what to display (figures, tables, text).

        ``live=True`` is for quick functions (a payoff table, not a simulation): the
        display is drawn at once and redrawn whenever a control changes, with no button.
        """
        self.run = run
        self.inputs = dict(controls)
        self.go = w.Button(description=button or _("Run the games"), button_style="primary")
        self.go.add_class("gk-run")
        self.out = w.Output()
        self.go.on_click(lambda _: self.refresh())
        super().__init__(
            [w.HBox(list(self.inputs.values()), layout=w.Layout(flex_flow="row wrap")), self.go, self.out]
        )
        if live:
            self.go.layout.display = "none"
            for control in self.inputs.values():
                control.observe(lambda _: self.refresh(), names="value")
            self.refresh()

    @classmethod
    def for_game(
        cls,
        game: str,
        bots: Sequence[str] | None = None,
        games: int = 100,
        seed: int = 0,
        options: Sequence[str] | None = None,
    ) -> RuleExplorer:
        """Controls for a game's declared rule options (all but its safety limits, or those named in
        ``options``), the player count, the number of games and the bot in every seat; the button
        runs ``experiments.overview`` with them: the game's own measures (prices, coins kept,
        lapses, game length ...) under the chosen setting beside the default setting (the
        default rules and the first bot listed) on the same seeds, each with its interval."""
        declared = [
            option
            for option in game_class(game).options_declared
            if option.name not in SAFETY_LIMITS and (options is None or option.name in options)
        ]
        klass = game_class(game)
        controls: dict[str, w.ValueWidget] = {option.name: option_control(option) for option in declared}
        controls["players"] = w.IntSlider(
            value=min(4, klass.max_players),
            min=klass.min_players,
            max=klass.max_players,
            description=_("players"),
        )
        controls["games"] = w.IntSlider(
            value=games, min=20, max=max(games * 5, 100), step=10, description=_("games")
        )
        names = list(bots) if bots else [row["name"] for row in describe(game)]
        controls["bot"] = w.Dropdown(options=names, description=_("all seats"))

        def run(players: int, games: int, bot: str, **chosen: Any) -> Any:
            return overview(game, players, bot, games, seed=seed, options=chosen, baseline_bots=names[0])

        return cls(run, controls)

    def values(self) -> dict[str, Any]:
        return {name: control.value for name, control in self.inputs.items()}

    def refresh(self) -> None:
        self.out.clear_output(wait=True)
        with self.out:
            try:
                shown = self.run(**self.values())
            except GamekitError as exc:
                shown = w.HTML(_error(exc))
            items = list(shown) if isinstance(shown, list | tuple) else [shown]
            # Kept for the widget's still picture (``pictures.widgets``): the kernel does not see
            # what an Output widget shows, only the front end does.
            self.out._gk_items = items
            for item in items:
                display(item)
