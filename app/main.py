"""The browser module: the only one that touches the page (PyScript's ``document``/``window``).

It draws the board once from ``render.board_svg()``, then on every change applies the square
views that differ; it turns taps into ``ui.Picker`` calls, keeps the game in ``localStorage``
through ``session``, reads links from the URL fragment, and runs computer players as an async
loop that never holds the main thread for more than one short search step.

Nothing from the URL or from storage is ever inserted as HTML: text goes through ``textContent``
and attributes through ``setAttribute``.
"""

from __future__ import annotations

import asyncio
import random

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from djambi import Party, parse_square, square_name
from djambi.squares import SQUARES

from app import render, session, ui
from app import settings as prefs


def computer_players():
    """``djambi.ai``, imported on first use: a page with human seats only never pays for it."""
    from djambi import ai

    return ai

THINK_STEP_MS = 20.0
COMPUTER_PAUSE_S = 0.35  # between computer moves, so people can follow them


def el(selector: str):
    return document.querySelector(selector)


def absent(value) -> bool:
    """JS ``null`` arrives as ``jsnull`` and ``undefined`` as ``None``: both mean nothing."""
    return value is None or value is jsnull


class LocalStorage:
    """``session.Storage`` over ``window.localStorage``."""

    def get(self, key: str) -> str | None:
        value = window.localStorage.getItem(key)
        return None if absent(value) else str(value)

    def set(self, key: str, value: str) -> None:
        window.localStorage.setItem(key, value)

    def remove(self, key: str) -> None:
        window.localStorage.removeItem(key)


def open_storage():
    try:
        storage = LocalStorage()
        storage.get(session.STORAGE_KEY)
        return storage
    except Exception:  # noqa: BLE001 (storage disabled: play without saving)
        return session.MemoryStorage()


class App:
    def __init__(self) -> None:
        self.storage = open_storage()
        self.game = session.new_game()
        self.picker = ui.Picker(self.game.board)
        self.proxies = []  # every JS callback made here, kept alive
        self.views: list[render.SquareView | None] = [None] * 81
        self.groups = {}
        self.uses = {}
        self.rendered_moves: list[str] = []
        self.generation = 0  # bumped whenever the game changes under a computer search
        self.thinking = False
        self.paused = False
        self.pending_link: session.Game | None = None
        self.was_over = False
        self.player_items = {}
        self.moves_board = None
        self.cursor = 40  # the keyboard's square (arrow keys, Enter)
        self.moves_stack: list = []
        self.labels = []
        self.settings = prefs.Settings()
        self.rotation = 0  # as index.html draws the board
        self.last_human: Party | None = None  # who holds the tablet, for the hand-over screen

    # ------------------------------------------------------------------ start
    def start(self) -> None:
        self.settings = prefs.load_settings(self.storage)
        loaded = session.load(self.storage)
        self.set_game(loaded.game, save=False)
        if loaded.message:
            self.say(loaded.message, error=True)
        self.build_board()
        self.show_settings()
        self.build_players()
        self.build_seat_selects()
        self.wire()
        self.open_fragment(str(window.location.hash), saved=loaded.game)
        self.refresh()
        self.was_over = self.game.board.is_game_over()
        loader = el("#loader")
        loader.hidden = True
        for button in document.querySelectorAll("#game-tools button"):
            button.disabled = False
        self.refresh()
        document.body.dataset.ready = "1"
        self.maybe_computer()

    def listen(self, target, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    def wire(self) -> None:
        self.listen(el("#board"), "click", self.on_board_click)
        self.listen(document, "keydown", self.on_key)
        self.listen(window, "hashchange", lambda e: self.open_fragment(str(window.location.hash),
                                                                       saved=self.game))
        buttons = {
            "#btn-back": self.on_back, "#btn-cancel": self.on_cancel, "#btn-skip": self.on_skip,
            "#btn-undo": self.on_undo, "#btn-redo": self.on_redo, "#btn-new": self.on_new,
            "#btn-share": self.on_share, "#btn-draw": self.on_draw,
            "#btn-stop": self.on_stop, "#btn-resume": self.on_resume,
            "#newgame-start": self.on_newgame_start, "#newgame-cancel": lambda e: self.close("#newgame-dialog"),
            "#copy-position": lambda e: self.copy("#link-position"),
            "#copy-game": lambda e: self.copy("#link-game"),
            "#share-close": lambda e: self.close("#share-dialog"),
            "#link-open": self.on_link_open, "#link-keep": self.on_link_keep,
            "#draw-cancel": lambda e: self.close("#draw-dialog"), "#draw-agree": self.on_draw_agree,
            "#gameover-close": lambda e: self.close("#gameover-dialog"),
            "#gameover-new": self.on_gameover_new, "#gameover-undo": self.on_gameover_undo,
            "#btn-settings": lambda e: self.open("#settings-dialog"),
            "#settings-close": lambda e: self.close("#settings-dialog"),
            "#handover-ready": lambda e: self.close("#handover-dialog"),
        }
        for selector, handler in buttons.items():
            self.listen(el(selector), "click", handler)
        for radio in document.querySelectorAll('input[name="players"]'):
            self.listen(radio, "change", lambda e: self.update_seat_selects())
        for box in ("#set-handover", "#set-rotate"):
            self.listen(el(box), "change", self.on_setting)

    # ------------------------------------------------------------------ the game object
    def set_game(self, game: session.Game, save: bool = True) -> None:
        self.generation += 1
        self.thinking = False
        self.game = game
        self.picker.reset(game.board)
        self.paused = False
        self.last_human = prefs.human_to_move(game)
        if save:
            self.save()

    def save(self) -> None:
        problem = session.save(self.storage, self.game)
        if problem:
            self.say(problem, error=True)

    # ------------------------------------------------------------------ board drawing
    def build_board(self) -> None:
        """Take over the board index.html already shows (``render.board_svg()`` written there by
        scripts/gen_static_board.py); draw it afresh only if the page lacks it."""
        svg = el("#board")
        if svg.querySelectorAll("[data-square]").length != 81 or absent(svg.querySelector("defs")):
            # The markup comes from render.board_svg(): constants and engine enums only.
            svg.innerHTML = render.board_svg()
        for sq in SQUARES:
            group = svg.querySelector(f'[data-square="{square_name(sq)}"]')
            self.groups[sq] = group
            self.uses[sq] = group.querySelector("use")
        self.labels = list(svg.querySelectorAll("text.coord")) + list(svg.querySelectorAll("text.coord-in"))
        self.views = [None] * 81

    def turn_board(self) -> None:
        """Turn the board toward the player to move, if that option is on: only the squares'
        ``transform`` and the coordinate labels' texts change."""
        rotation = prefs.board_rotation(self.game, self.settings.rotate, self.rotation)
        if rotation == self.rotation:
            return
        for sq in SQUARES:
            self.groups[sq].setAttribute("transform", render.square_transform(sq, rotation))
        texts = render.coord_labels(rotation)
        for i, label in enumerate(self.labels):
            label.textContent = texts[i % len(texts)]
        self.rotation = rotation
        el("#board").dataset.rotation = str(rotation)

    def draw_board(self) -> None:
        self.turn_board()
        picker = self.picker
        thinking = self.thinking or self.game.computer_to_move()
        views = render.square_views(
            self.game.board,
            selected=picker.piece,
            options=picker.option_squares(),
            chosen=picker.chosen_squares(),
            skip_square=picker._get("to") if picker.can_skip() else None,
            preview=picker.preview(),
            show_mine=not thinking,
            cursor=self.cursor,
            lifted=picker.lifted_squares(),
        )
        for sq, view in enumerate(views):
            old = self.views[sq]
            if old == view:
                continue
            group = self.groups[sq]
            if old is None or old.cls != view.cls:
                group.setAttribute("class", view.cls)
            if old is None or old.href != view.href:
                self.uses[sq].setAttribute("href", view.href)
            if old is None or old.label != view.label:
                group.setAttribute("aria-label", view.label)
            self.views[sq] = view

    # ------------------------------------------------------------------ the panel
    def build_players(self) -> None:
        box = el("#players")
        for party in Party:
            li = document.createElement("li")
            li.className = f"player pc-{party.letter}"
            swatch = document.createElement("span")
            swatch.className = f"swatch pc-{party.letter}"
            swatch.textContent = party.letter.upper()
            name = document.createElement("span")
            name.className = "pname"
            seat = document.createElement("span")
            seat.className = "pseat"
            state = document.createElement("span")
            state.className = "pstate"
            li.append(swatch, name, seat, state)
            box.append(li)
            self.player_items[party] = (li, name, seat, state)

    def draw_turn(self) -> None:
        """Status, prompt and the buttons that depend on the move being built (cheap: a tap)."""
        game, picker = self.game, self.picker
        board = game.board
        over = board.is_game_over()
        thinking = self.thinking or game.computer_to_move()
        el("#status").textContent = session.status_text(game)
        el("#status").className = "" if over else f"turn-{board.turn.letter}"
        if over:
            prompt = session.outcome_text(game)[1]
        elif thinking:
            prompt = "The computer is thinking." if not self.paused else "The computer is paused."
        else:
            prompt = picker.prompt()
        el("#prompt").textContent = prompt
        el("#btn-back").disabled = not picker.active
        el("#btn-cancel").disabled = not picker.active
        el("#btn-skip").hidden = not picker.can_skip()

    def draw_panel(self) -> None:
        game = self.game
        board = game.board
        over = board.is_game_over()
        self.draw_turn()
        busy = self.thinking
        el("#btn-undo").disabled = not game.can_undo()
        el("#btn-redo").disabled = busy or not game.can_redo()
        el("#btn-draw").disabled = busy or over or not self.human_players()
        el("#thinking").hidden = not self.thinking
        el("#paused").hidden = self.thinking or not (self.paused and game.computer_to_move())
        if self.thinking:
            el("#thinking-text").textContent = f"{board.turn.title} is thinking…"

        for info in session.party_infos(game):
            li, name, seat, state = self.player_items[info.party]
            label = info.party.title
            if info.to_move:
                label = "▶ " + label
            if info.in_power:
                label += " ♛"
            name.textContent = label
            seat.textContent = session.SEAT_LABELS.get(info.seat, info.seat) if info.state == "active" else ""
            state.textContent = info.words()
            classes = ["player", f"pc-{info.party.letter}", info.state]
            if info.to_move:
                classes.append("to-move")
            if info.in_power:
                classes.append("in-power")
            li.className = " ".join(classes)

        self.draw_moves()

    def draw_moves(self) -> None:
        stack = self.game.board.move_stack
        if self.game.board is self.moves_board and stack == self.moves_stack:
            return  # unchanged: no replay of the game
        self.moves_board, self.moves_stack = self.game.board, stack
        entries = [f"{i}. {player.title} {text}" for i, (player, text) in enumerate(self.game.move_list(), 1)]
        ol = el("#move-list")
        keep = 0
        for old, new in zip(self.rendered_moves, entries):
            if old != new:
                break
            keep += 1
        while ol.children.length > keep:
            ol.lastElementChild.remove()
        for text in entries[keep:]:
            li = document.createElement("li")
            li.textContent = text
            ol.append(li)
        self.rendered_moves = entries
        last = ol.lastElementChild
        if not absent(last) and len(entries) > keep:
            last.scrollIntoView(window.Object.fromEntries([["block", "nearest"]]))

    def refresh(self) -> None:
        self.draw_board()
        self.draw_panel()

    def say(self, text: str, error: bool = False, append: bool = False) -> None:
        box = el("#message")
        if append and text and not box.hidden and str(box.textContent):
            text = f"{box.textContent} {text}"
            error = error or "error" in str(box.className)
        box.textContent = text
        box.className = "error" if error else "info"
        box.hidden = not text

    # ------------------------------------------------------------------ taps and keys
    def on_board_click(self, event) -> None:
        target = event.target
        group = None if absent(target) else target.closest("[data-square]")
        if absent(group):
            return
        self.tap(parse_square(str(group.dataset.square)))

    def tap(self, sq: int) -> None:
        if self.game.board.is_game_over():
            self.say("The game is over. Undo, or start a new game.")
            return
        if self.thinking or self.game.computer_to_move():
            self.say("It is the computer's turn." + (" Press “Let it play” to go on." if self.paused else ""))
            return
        result = self.picker.tap(sq)
        if result.kind == "play":
            self.play(result.move)
            return
        self.say(result.message)
        self.draw_board()
        self.draw_turn()

    def on_key(self, event) -> None:
        if self.any_dialog_open():
            return
        key = str(event.key)
        if document.activeElement == el("#board"):
            steps = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
            if key in steps:
                event.preventDefault()
                col, row = self.cursor % 9, self.cursor // 9
                dc, dr = render.board_step(*steps[key], self.rotation)  # as seen on the board
                if 0 <= col + dc < 9 and 0 <= row + dr < 9:
                    self.cursor += dc + 9 * dr
                self.draw_board()
                return
            if key in ("Enter", " "):
                event.preventDefault()
                self.tap(self.cursor)
                return
        if key == "Escape":
            self.on_cancel(event)
        elif key == "Backspace":
            self.on_back(event)

    def on_back(self, event) -> None:
        self.picker.back()
        self.say("")
        self.draw_board()
        self.draw_turn()

    def on_cancel(self, event) -> None:
        self.picker.cancel()
        self.say("")
        self.draw_board()
        self.draw_turn()

    def on_skip(self, event) -> None:
        result = self.picker.skip()
        if result.kind == "play":
            self.play(result.move)

    # ------------------------------------------------------------------ playing
    def play(self, move) -> None:
        mover = self.game.board.turn
        try:
            self.game.play(move)
        except ValueError as exc:  # an engine refusal: show it, keep the position
            self.say(str(exc), error=True)
            self.picker.reset(self.game.board)
            self.refresh()
            return
        self.last_human = mover
        self.after_change()
        self.maybe_handover()
        self.maybe_computer()

    def after_change(self, announce: bool = True) -> None:
        self.picker.reset(self.game.board)
        self.save()
        self.say("")
        self.refresh()
        over = self.game.board.is_game_over()
        if over and not self.was_over and announce:
            self.show_game_over()
        self.was_over = over

    def on_undo(self, event) -> None:
        self.generation += 1  # stops a search under way
        self.thinking = False
        self.paused = True
        self.game.undo()
        self.last_human = prefs.human_to_move(self.game)  # whoever undid holds the tablet
        self.after_change(announce=False)
        if not self.game.computer_to_move():
            self.paused = False
        self.refresh()

    def on_redo(self, event) -> None:
        if self.thinking:
            return
        self.game.redo()
        self.last_human = prefs.human_to_move(self.game)
        self.after_change()
        if not self.game.computer_to_move():
            self.paused = False
        self.refresh()

    # ------------------------------------------------------------------ computer players
    def maybe_computer(self) -> None:
        """Start the computer's turn loop if a computer is to move (and not paused)."""
        if self.thinking or self.paused or not self.game.computer_to_move():
            return
        self.generation += 1
        self.thinking = True
        asyncio.ensure_future(self.computer_loop(self.generation))

    async def computer_loop(self, generation: int) -> None:
        """Computer turns, one after the other, until a human is to move. Each search step takes
        at most THINK_STEP_MS; between steps the page handles taps and paints. Undo, Stop, a new
        game or a link bump ``generation``, which ends this loop at its next step."""

        def live() -> bool:
            return generation == self.generation and not self.paused

        try:
            self.refresh()
            await asyncio.sleep(0)  # let "thinking" show
            while live() and self.game.computer_to_move():
                board = self.game.board
                search = computer_players().Search(board.copy(), self.game.seat(board.turn), random.randrange(1 << 30))
                while not search.step(THINK_STEP_MS):
                    await asyncio.sleep(0)
                    if not live():
                        return
                move = search.best_move()
                if not live():
                    return
                self.game.play(move)
                self.after_change()
                if not self.game.computer_to_move():
                    self.maybe_handover()
                    break
                await asyncio.sleep(COMPUTER_PAUSE_S)  # so people can follow the moves
        except Exception as exc:  # noqa: BLE001 (show it; the humans can go on)
            self.paused = True
            self.say(f"The computer player failed: {exc}", error=True)
        finally:
            if generation == self.generation:
                self.thinking = False
                self.refresh()

    def on_stop(self, event) -> None:
        self.paused = True
        self.generation += 1
        self.thinking = False
        self.refresh()

    def on_resume(self, event) -> None:
        self.paused = False
        self.maybe_computer()
        self.refresh()

    # ------------------------------------------------------------------ pass-and-play
    def show_settings(self) -> None:
        el("#set-handover").checked = self.settings.handover
        el("#set-rotate").checked = self.settings.rotate

    def on_setting(self, event) -> None:
        self.settings = prefs.Settings(handover=bool(el("#set-handover").checked),
                                       rotate=bool(el("#set-rotate").checked))
        problem = prefs.save_settings(self.storage, self.settings)
        if problem:
            self.say(problem, error=True)
        self.refresh()

    def maybe_handover(self) -> None:
        """After a move: the hand-over screen, if it is on and the tablet changes hands."""
        to = prefs.handover_to(self.game, self.last_human)
        if to is None:
            return
        self.last_human = to
        if not self.settings.handover:
            return
        el("#handover-name").textContent = to.title
        el("#handover-swatch").textContent = to.letter.upper()
        el("#handover-swatch").className = f"swatch pc-{to.letter}"
        el("#handover-ready").className = f"turn-{to.letter}"
        self.open("#handover-dialog")

    # ------------------------------------------------------------------ dialogs
    def any_dialog_open(self) -> bool:
        return not absent(document.querySelector("dialog[open]"))

    def open(self, selector: str) -> None:
        dialog = el(selector)
        if not dialog.open:
            dialog.showModal()

    def close(self, selector: str) -> None:
        dialog = el(selector)
        if dialog.open:
            dialog.close()

    # New game
    def build_seat_selects(self) -> None:
        for party in Party:
            select = el(f"#seat-{party.letter}")
            for kind in session.SEAT_KINDS:
                option = document.createElement("option")
                option.value = kind
                option.textContent = session.SEAT_LABELS[kind]
                select.append(option)

    def update_seat_selects(self) -> None:
        hostage = el("#players-3").checked
        green = el("#seat-g")
        green.disabled = bool(hostage)
        if hostage:
            green.value = session.HUMAN
        el(".seat-g").classList.toggle("off", bool(hostage))

    def on_new(self, event) -> None:
        hostage = self.game.board.root().is_hostage_game
        el("#players-3" if hostage else "#players-4").checked = True
        for party in Party:
            el(f"#seat-{party.letter}").value = self.game.seat(party)
        self.update_seat_selects()
        self.open("#newgame-dialog")

    def on_newgame_start(self, event) -> None:
        hostage = bool(el("#players-3").checked)
        seats = [str(el(f"#seat-{p.letter}").value) for p in Party]
        seats = [s if s in session.SEAT_KINDS else session.HUMAN for s in seats]
        self.close("#newgame-dialog")
        self.set_game(session.new_game(hostage, seats))
        self.was_over = False
        self.say("New game. " + ("Three players, Green is the hostage." if hostage else "Four players."))
        self.refresh()
        self.maybe_computer()

    # Share
    def on_share(self, event) -> None:
        base = str(window.location.href).split("#")[0]
        el("#link-position").value = session.position_link(base, self.game)
        el("#link-game").value = session.game_link(base, self.game)
        el("#share-note").textContent = ""
        self.open("#share-dialog")

    def copy(self, selector: str) -> None:
        field = el(selector)
        field.focus()
        field.select()
        note = el("#share-note")
        copied = False
        try:
            copied = bool(document.execCommand("copy"))
        except Exception:  # noqa: BLE001
            copied = False
        try:
            window.navigator.clipboard.writeText(field.value)
            copied = True
        except Exception:  # noqa: BLE001
            pass
        note.textContent = ("Link copied." if copied
                            else "Press Ctrl+C (or long-press and Copy) to copy the selected link.")

    # Links
    def open_fragment(self, fragment: str, saved: session.Game) -> None:
        if not fragment or fragment == "#":
            return
        try:
            game = session.game_from_link(fragment)
        except session.LinkError as exc:
            self.clear_fragment()
            self.say(f"{exc} Your saved game is unchanged.", error=True, append=True)
            self.refresh()
            return
        if game is None:
            return
        self.clear_fragment()
        if saved.unfinished():
            self.pending_link = game
            el("#link-text").textContent = (
                f"Opening this link replaces your unfinished game ({len(saved.board.move_stack)} "
                f"moves played, {session.status_text(saved)}).")
            self.open("#link-dialog")
        else:
            self.load_link(game)

    def load_link(self, game: session.Game) -> None:
        self.set_game(game)
        self.was_over = game.board.is_game_over()
        self.say("Opened the shared " + ("game." if game.board.move_stack else "position."))
        self.refresh()

    def on_link_open(self, event) -> None:
        self.close("#link-dialog")
        if self.pending_link is not None:
            self.load_link(self.pending_link)
            self.pending_link = None

    def on_link_keep(self, event) -> None:
        self.close("#link-dialog")
        self.pending_link = None
        self.say("Kept your game; the link was not opened.")

    def clear_fragment(self) -> None:
        url = str(window.location.pathname) + str(window.location.search)
        window.history.replaceState(None, "", url)

    # Draw offer
    def human_players(self) -> list[Party]:
        return [p for p in self.game.board.active_players if not self.game.is_computer(p)]

    def on_draw(self, event) -> None:
        box = el("#draw-players")
        box.replaceChildren()
        self.draw_boxes = []
        for party in self.human_players():
            label = document.createElement("label")
            box_ = document.createElement("input")
            box_.type = "checkbox"
            box_.id = f"draw-{party.letter}"
            self.listen(box_, "change", self.on_draw_tick)
            label.append(box_, document.createTextNode(f" {party.title} agrees to a draw"))
            box.append(label)
            self.draw_boxes.append(box_)
        computers = [p.title for p in self.game.board.active_players if self.game.is_computer(p)]
        el("#draw-note").textContent = (
            ("Computer players (" + ", ".join(computers) + ") accept a draw the humans agree on.")
            if computers else "")
        el("#draw-agree").disabled = True
        self.open("#draw-dialog")

    def on_draw_tick(self, event) -> None:
        el("#draw-agree").disabled = not all(bool(b.checked) for b in self.draw_boxes)

    def on_draw_agree(self, event) -> None:
        if not all(bool(b.checked) for b in self.draw_boxes):
            return
        self.close("#draw-dialog")
        self.generation += 1
        self.thinking = False
        self.game.agree_draw()
        self.after_change()

    # Game over
    def show_game_over(self) -> None:
        title, text = session.outcome_text(self.game)
        el("#gameover-title").textContent = title
        el("#gameover-text").textContent = text
        self.open("#gameover-dialog")

    def on_gameover_new(self, event) -> None:
        self.close("#gameover-dialog")
        self.on_new(event)

    def on_gameover_undo(self, event) -> None:
        self.close("#gameover-dialog")
        self.on_undo(event)


def main() -> None:
    loading = getattr(window, "djambiLoading", None)
    if loading is not None:
        loading(90, "Drawing the board…")
    app = App()
    window.djambiApp = create_proxy(lambda: app.game.game_code())  # a debugging hook
    app.start()
    globals()["APP"] = app  # keep it alive


main()
