"""The dialogs: new game, share and save, "replace your game?", draw offer, game over, settings,
the hand-over screen and the other-tab question. Each class fills its dialog and reads it back;
what the choices do is the app's (``app.main``), passed in as callbacks.

Every dialog is a ``<dialog>`` opened with ``showModal()``, so Escape closes it.
"""

from __future__ import annotations

from typing import Callable

from pyscript import document

from djambi import Party
from djambi.rules import OPTIONS, PRESETS, STANDARD, Rules, RulesError

from app.state import session
from app.state import seating
from app.views.dom import absent, close_dialog, copy_field, el, js, listen, on_click, open_dialog
from app.present import ruletext
from app.present import figures
from app.present.notices import Message, message_html
from app.text.i18n import _, list_of, ngettext, party_name, player_name


def show_message(node, message: Message | str, error: bool = False) -> Message:
    """Put a message in a message box (``#message-text``, the Games list's note, …): the one
    way every message reaches the page (``notices.message_html``: the sentence, and its details
    behind a closed "Details"). A plain text is a message of one sentence (``error`` says which
    kind). Returns the message shown."""
    if not isinstance(message, Message):
        message = Message(str(message), error=error)
    node.innerHTML = message_html(message)
    details = node.querySelector("details")
    if not absent(details):  # opened: its text scrolled into a small message box's view
        listen(details, "toggle", lambda e: details.open and details.lastElementChild.scrollIntoView(
            js({"block": "nearest"})))
    return message


class NewGameDialog:
    """The game (``#game``: Djambi or Camblam), players, seats and, for Djambi, the rule set
    (``#newgame-rules``: a preset, or "Custom rules" revealing one select per option,
    ``#rule-<option>``, with its one-line explanation). Nodes marked ``djambi-only`` or
    ``camblam-only`` show for that game alone."""

    #: The seat selects of each game, in seat order (``#seat-b`` is Blue, or Camblam's Black).
    SELECTS = {"djambi": ("#seat-r", "#seat-b", "#seat-y", "#seat-g"),
               "camblam": ("#seat-w", "#seat-b")}

    def __init__(self, on_start: Callable[[bool, list[str], Rules | None, str], None]) -> None:
        self.on_start = on_start
        self.built = False  # its choices are made when it first opens (not at every start)

    def build(self) -> None:
        """The seat and rule choices and their listeners, once."""
        if self.built:
            return
        self.built = True
        for selector in ("#seat-w", *(f"#seat-{party.letter}" for party in Party)):
            select = el(selector)
            for kind in (seating.HUMAN, seating.REMOTE, *seating.COMPUTER_LEVELS):
                option = document.createElement("option")
                option.value = kind
                option.textContent = seating.seat_label(kind)
                select.append(option)
            if selector in ("#seat-r", "#seat-b"):  # two-by-two: Yellow and Green follow them
                listen(select, "change", lambda e: self.update())
        presets = el("#newgame-rules")
        for key in ruletext.PRESET_NAMES:
            option = document.createElement("option")
            option.value = key
            presets.append(option)
        listen(presets, "change", lambda e: self.update())
        box = el("#newgame-options")
        for name, values in ruletext.choices():
            label = document.createElement("label")
            label.className = "rule-option"
            title = document.createElement("span")
            title.className = "rule-name"
            select = document.createElement("select")
            select.id = f"rule-{name}"
            for value, _words in values:
                option = document.createElement("option")
                option.value = value
                select.append(option)
            listen(select, "change", lambda e, name=name: self.option_changed(name))
            note = document.createElement("small")
            note.className = "rule-note"
            label.append(title, select, note)
            box.append(label)
        self.relabel()
        for radio in document.querySelectorAll('input[name="players"]'):
            listen(radio, "change", lambda e: self.players_changed())
        listen(el("#game"), "change", lambda e: self.update())
        on_click("#newgame-start", self.start)
        on_click("#newgame-cancel", lambda e: close_dialog("#newgame-dialog"))

    def relabel(self) -> None:
        """The seat and rule choices in the current language (once they are made)."""
        if not self.built:
            return
        for selector in ("#seat-w", *(f"#seat-{party.letter}" for party in Party)):
            for option in el(selector).options:
                option.textContent = seating.seat_label(str(option.value))
        for option in el("#newgame-rules").options:
            option.textContent = ruletext.preset_name(str(option.value))
        for name, values in ruletext.choices():
            select = el(f"#rule-{name}")
            select.parentElement.querySelector(".rule-name").textContent = ruletext.option_name(name)
            select.parentElement.querySelector(".rule-note").textContent = ruletext.explanation(name)
            for option, (_value, words) in zip(select.options, values):
                option.textContent = words

    def rules(self) -> Rules:
        """The rule set chosen: the preset's, or the options' (``Custom rules``)."""
        key = str(el("#newgame-rules").value)
        if key != ruletext.CUSTOM:
            return PRESETS.get(key, STANDARD)
        try:
            return Rules.parse(",".join(f"{name}={el(f'#rule-{name}').value}" for name in OPTIONS))
        except RulesError:
            return STANDARD

    def show_rules(self, rules: Rules) -> None:
        """Set the options' selects to a rule set (what "Custom rules" starts from)."""
        for name, value in rules.values().items():
            el(f"#rule-{name}").value = value

    def players_changed(self) -> None:
        """The 3-players button and the ``players`` option say the same."""
        if str(el("#rule-players").value) != "2x2":
            el("#rule-players").value = "3" if el("#players-3").checked else "4"
        self.update()

    def option_changed(self, name: str) -> None:
        if name == "players" and str(el("#rule-players").value) in ("3", "4"):
            el("#players-3" if el("#rule-players").value == "3" else "#players-4").checked = True
        self.update()

    def kind(self) -> str:
        kind = str(el("#game").value)
        return kind if kind in self.SELECTS else "djambi"

    def update(self) -> None:
        camblam = self.kind() == "camblam"
        dialog = el("#newgame-dialog")
        dialog.dataset.game = self.kind()  # Black's swatch is not Blue's (CSS)
        for node in dialog.querySelectorAll(".djambi-only"):
            node.hidden = camblam
        for node in dialog.querySelectorAll(".camblam-only"):
            node.hidden = not camblam
        custom = str(el("#newgame-rules").value) == ruletext.CUSTOM
        el("#newgame-options").hidden = not custom
        if not custom:
            self.show_rules(self.rules().with_(
                players="3" if el("#players-3").checked and not self.rules().two_by_two
                else self.rules().players))
        two = self.rules().two_by_two and not camblam
        el("#newgame-two-note").hidden = not two
        for radio in document.querySelectorAll('input[name="players"]'):
            radio.disabled = two
        hostage = bool(el("#players-3").checked) and not two and not camblam
        green = el("#seat-g")
        green.disabled = hostage or two
        el("#seat-y").disabled = two
        if hostage:
            green.value = seating.HUMAN
        if two:  # player One sits in Red's seat, Two in Blue's (session.new_game)
            el("#seat-y").value = el("#seat-r").value
            green.value = el("#seat-b").value
        el(".seat-g").classList.toggle("off", hostage or two)
        el(".seat-y").classList.toggle("off", two)

    def open(self, game: session.Game) -> None:
        self.build()
        kind = game.rules.key
        el("#game").value = kind
        for party, selector in zip(game.rules.parties, self.SELECTS[kind]):
            el(selector).value = (seating.REMOTE if game.is_remote(party) else game.seat(party))
        if kind == "djambi":
            root = game.board.root()
            el("#players-3" if root.is_hostage_game else "#players-4").checked = True
            el("#newgame-rules").value = ruletext.preset_of(root.rules)
            self.show_rules(root.rules)
        self.update()
        open_dialog("#newgame-dialog")

    def start(self, event) -> None:
        kind = self.kind()
        seats = [str(el(selector).value) for selector in self.SELECTS[kind]]
        seats = [s if s in (*seating.SEAT_KINDS, seating.REMOTE) else seating.HUMAN for s in seats]
        close_dialog("#newgame-dialog")
        if kind != "djambi":  # Djambi's players and rule set are not Camblam's
            self.on_start(False, seats, None, kind)
            return
        rules = self.rules()
        hostage = bool(el("#players-3").checked) and not rules.two_by_two
        self.on_start(hostage, seats, rules, kind)


class ShareDialog:
    def __init__(self, on_save_file: Callable[[], None], on_open_file: Callable[[], None]) -> None:
        on_click("#copy-position", lambda e: self.copy("#link-position"))
        on_click("#copy-game", lambda e: self.copy("#link-game"))
        on_click("#share-close", lambda e: close_dialog("#share-dialog"))
        on_click("#btn-save-file", lambda e: on_save_file())
        on_click("#btn-open-file", lambda e: on_open_file())

    def open(self, position_link: str, game_link: str, note: str = "") -> None:
        el("#link-position").value = position_link
        el("#link-game").value = game_link
        el("#share-note").textContent = note
        open_dialog("#share-dialog")

    def note(self, text: str) -> None:
        el("#share-note").textContent = text

    def copy(self, selector: str) -> None:
        copied = copy_field(selector)
        self.note(_("Link copied.") if copied
                  else _("Press Ctrl+C (or long-press and Copy) to copy the selected link."))


class ReplaceDialog:
    """"Opening this replaces your unfinished game": for links and files alike."""

    def __init__(self) -> None:
        self.pending: Callable[[], None] | None = None
        on_click("#link-open", self.yes)
        on_click("#link-keep", self.no)
        listen(el("#link-dialog"), "close", lambda e: setattr(self, "pending", None))
        self.on_no: Callable[[], None] = lambda: None

    def ask(self, title: str, text: str, yes_label: str, on_yes: Callable[[], None],
            on_no: Callable[[], None]) -> None:
        el("#link-title").textContent = title
        el("#link-text").textContent = text
        el("#link-open").textContent = yes_label
        self.pending = on_yes
        self.on_no = on_no
        open_dialog("#link-dialog")

    def yes(self, event) -> None:
        action = self.pending
        self.pending = None
        close_dialog("#link-dialog")
        if action is not None:
            action()

    def no(self, event) -> None:
        self.pending = None
        close_dialog("#link-dialog")
        self.on_no()


class DrawDialog:
    def __init__(self, on_agree: Callable[[], None]) -> None:
        self.boxes: list = []
        self.on_agree = on_agree
        self.open_to: list[Party] = []
        on_click("#draw-cancel", lambda e: close_dialog("#draw-dialog"))
        on_click("#draw-agree", self.agree)

    def open(self, humans: list[Party], computers: list[tuple[Party, bool]]) -> None:
        """``computers``: each computer player and whether it accepts a draw now."""
        box = el("#draw-players")
        box.replaceChildren()
        self.boxes = []
        for party in humans:
            label = document.createElement("label")
            tick = document.createElement("input")
            tick.type = "checkbox"
            tick.id = f"draw-{party.letter}"
            listen(tick, "change", self.tick)
            label.append(tick, document.createTextNode(
                " " + _("{player} agrees to a draw").format(player=party_name(party))))
            box.append(label)
            self.boxes.append(tick)
        refusing = [party_name(p) for p, accepts in computers if not accepts]
        accepting = [party_name(p) for p, accepts in computers if accepts]
        notes = []
        if accepting:
            notes.append(ngettext("{players} (computer) would accept a draw.",
                                  "{players} (computers) would accept a draw.",
                                  len(accepting)).format(players=list_of(accepting)))
        if refusing:
            notes.append(ngettext("{players} (computer) thinks it is winning and refuses.",
                                  "{players} (computers) think they are winning and refuse.",
                                  len(refusing)).format(players=list_of(refusing)))
        el("#draw-note").textContent = " ".join(notes)
        self.refused = bool(refusing)
        el("#draw-agree").disabled = True
        open_dialog("#draw-dialog")

    def tick(self, event=None) -> None:
        el("#draw-agree").disabled = self.refused or not all(bool(b.checked) for b in self.boxes)

    def agree(self, event) -> None:
        if self.refused or not all(bool(b.checked) for b in self.boxes):
            return
        close_dialog("#draw-dialog")
        self.on_agree()


class GameOverDialog:
    def __init__(self, on_new: Callable[[], None], on_undo: Callable[[], None]) -> None:
        on_click("#gameover-close", lambda e: close_dialog("#gameover-dialog"))
        on_click("#gameover-new", lambda e: (close_dialog("#gameover-dialog"), on_new()))
        on_click("#gameover-undo", lambda e: (close_dialog("#gameover-dialog"), on_undo()))

    def open(self, title: str, text: str) -> None:
        el("#gameover-title").textContent = title
        el("#gameover-text").textContent = text
        open_dialog("#gameover-dialog")


class HandOver:
    def __init__(self) -> None:
        on_click("#handover-ready", lambda e: close_dialog("#handover-dialog"))

    def open(self, to: Party, rules: Rules = STANDARD) -> None:
        self.to = to
        self.rules = rules
        self.relabel()
        el("#handover-swatch").innerHTML = figures.swatch_html(to)
        el("#handover-swatch").className = f"swatch pc-{to.letter}"
        el("#handover-ready").className = f"turn-{to.letter}"
        open_dialog("#handover-dialog")

    def relabel(self) -> None:
        """The title in the current language: one msgid, the name in bold where it says."""
        to = getattr(self, "to", None)
        if to is None:
            return
        before, _sep, after = _("Pass the tablet to {player}").partition("{player}")
        name = document.createElement("strong")
        name.id = "handover-name"
        name.textContent = player_name(to, getattr(self, "rules", None))
        el("#handover-title").replaceChildren(before, name, after)


class TabDialog:
    """The saved game changed in another tab: load it, or keep this one (and save it)."""

    def __init__(self, on_load: Callable[[], None], on_keep: Callable[[], None]) -> None:
        on_click("#tab-load", lambda e: (close_dialog("#tab-dialog"), on_load()))
        on_click("#tab-keep", lambda e: (close_dialog("#tab-dialog"), on_keep()))

    def open(self, text: str) -> None:
        el("#tab-text").textContent = text
        open_dialog("#tab-dialog")


__all__ = ["show_message", "NewGameDialog", "ShareDialog", "ReplaceDialog", "DrawDialog", "GameOverDialog",
           "HandOver", "TabDialog"]
