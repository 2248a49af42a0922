"""The static texts of ``index.html`` (buttons, headings, dialog texts, labels), in the player's
language.

An element of the page carries a key: ``data-i18n="undo"`` for its text, ``data-i18n-label``
for its ``aria-label``, ``data-i18n-title`` for its ``title``, ``data-i18n-empty`` for its
``data-empty`` (what CSS shows in an empty list). ``STATIC`` maps each key to its
msgid, which is also the English written in ``index.html`` (``tests/test_i18n.py`` keeps them
equal, and every key used). ``apply(document)`` writes every one in the current language; the
page calls it at start and on every language switch, so no reload is needed.

To add a static text: write it in ``index.html`` with a new key, add ``key: N_("text")`` here.
"""

from __future__ import annotations

from app.text.i18n import N_, _

STATIC = {
    "agree-draw": N_("Agree draw"),
    "back": N_("Back"),
    "backup": N_("Backup"),
    "backup-note": N_("One file with all your games: open it on any device to add them to its Games list."),
    "back-to-game": N_("Back to the game"),
    "back-to-game-key": N_("Back to the game (End)"),
    "black": N_("Black"),
    "blue": N_("Blue"),
    "board": N_("Djambi board: tap a square, or use the arrow keys and Enter"),
    "cancel": N_("Cancel"),
    "close": N_("Close"),
    "copy": N_("Copy"),
    "dismiss": N_("Dismiss the message"),
    "draw-offer": N_("Draw offer"),
    "draw-rule": N_("The game is drawn when every active player agrees. Each player ticks his box."),
    "file-note": N_("A file keeps the whole game with its seats; drop one on the page to open it."),
    "first-move": N_("First move"),
    "faster": N_("Faster"),
    "finish-quickly": N_("Finish quickly"),
    "four-players": N_("4 players"),
    "game-kind": N_("Game"),
    "game-file": N_("Game file"),
    "games": N_("Games"),
    "green": N_("Green"),
    "handover": N_("Hand-over screen between human players"),
    "handover-note": N_("After each move the board is hidden until the next player taps."),
    "keep-games": N_("Keep your games"),
    "keep-mine": N_("Keep my game"),
    "keep-this": N_("Keep this one"),
    "language": N_("Language"),
    "language-auto": N_("The browser's language"),
    "let-it-play": N_("Let it play"),
    "link-game": N_("Link to the whole game"),
    "link-next": N_("Link for the next player"),
    "link-position": N_("Link to this position"),
    "load-other": N_("Load the other game"),
    "look-at-board": N_("Look at the board"),
    "looking-back": N_("Looking back"),
    "menu": N_("☰ Menu"),
    "menu-label": N_("More actions"),
    "moves": N_("Moves"),
    "sound-and-look": N_("Sound and look"),
    "sounds": N_("Sounds"),
    "sounds-note": N_("A move, a kill, the maze taken, your turn."),
    "theme": N_("Theme"),
    "theme-dark": N_("Dark"),
    "theme-light": N_("Light"),
    "theme-system": N_("As the system"),
    "watch": N_("Watch"),
    "moves-keys": N_("Moves: use the arrow keys to look back"),
    "new-game": N_("New game"),
    "next-move": N_("Next move"),
    "next-move-key": N_("Next move (→)"),
    "no-draw": N_("No draw"),
    "no-kill": N_("No kill"),
    "no-moves": N_("No moves yet."),
    "not-now": N_("Not now"),
    "offer-draw": N_("Offer draw"),
    "open-backup": N_("Open a backup…"),
    "open-file": N_("Open a file…"),
    "pieces": N_("Pieces"),
    "pieces-figures": N_("Figures"),
    "pieces-letters": N_("Letters"),
    "play-here": N_("Play it here"),
    "play-seats": N_("Play these seats here"),
    "players": N_("Players"),
    "resign": N_("Resign"),
    "previous-move": N_("Previous move"),
    "previous-move-key": N_("Previous move (←)"),
    "qr-note": N_("A phone at the same table can scan this code."),
    "red": N_("Red"),
    "redo": N_("Redo"),
    "restore": N_("Restore"),
    "rotate": N_("Turn the board toward the player to move"),
    "rotate-note": N_("His corner comes to the bottom-left; off, Red's corner stays at the top-left."),
    "save-all-games": N_("Save all games"),
    "save-file": N_("Save to a file"),
    "rule-set": N_("Rules"),
    "seats": N_("Seats"),
    "seat-human": N_("Human"),  # a players' row's seat button, as the first paint has it
    "send-link": N_("Send the link"),
    "send-move": N_("Send the move"),
    "settings": N_("Settings"),
    "share": N_("Share"),
    "share-and-save": N_("Share and save"),
    "share-sheet": N_("Share…"),
    "start": N_("Start"),
    "start-home": N_("The start (Home)"),
    "stop": N_("Stop"),
    "tab-title": N_("Changed in another tab"),
    "tablet": N_("Passing one tablet round"),
    "tap-ready": N_("Tap when ready"),
    "three-players": N_("3 players, Green is the hostage"),
    "told-here": N_("Each move is told here."),
    "turn": N_("Turn"),
    "two-note": N_("Two players: Red's seat leads Red and Yellow, Blue's seat leads Blue and Green."),
    "undo": N_("Undo"),
    "what-happened": N_("What happened"),
    "which-seat": N_("Which seat is yours?"),
    "white": N_("White"),
    "yellow": N_("Yellow"),
    "learn": N_("Learn"),
    "lesson-hint": N_("Hint"),
    "lesson-leave": N_("Back to my game"),
    "lesson-list": N_("All lessons"),
    "lesson-next": N_("Next lesson"),
    "lesson-restart": N_("Start again"),
    "lessons": N_("Lessons"),
    "lessons-text": N_("Each lesson is a small position: make the move it asks for. Tap a lesson "
                       "to start it."),
    "suggest": N_("Suggest a move"),
    "the-pieces": N_("The pieces"),
    "the-rules": N_("The rules"),
    "threats": N_("Threats"),
    "welcome-computer": N_("Play against the computer"),
    "welcome-computer-note": N_("You play Red; three computers play the others."),
    "welcome-learn": N_("Learn to play"),
    "welcome-pass": N_("Pass and play"),
    "welcome-pass-note": N_("Four people share this screen."),
    "welcome-text": N_("Djambi is Machiavelli's chessboard: four players, six kinds of pieces, a "
                       "maze at the centre, and corpses that stay on the board. Kill the other "
                       "chiefs and take over their armies."),
    "welcome-title": N_("Welcome to Djambi"),
}

#: The attribute each marker sets ("" for the element's text).
MARKERS = {"data-i18n": "", "data-i18n-label": "aria-label", "data-i18n-title": "title",
           "data-i18n-empty": "data-empty"}


def text(key: str) -> str:
    """The static text ``key`` in the current language (the key itself if unknown)."""
    return _(STATIC[key]) if key in STATIC else key


def apply(document) -> None:
    """Write every marked text of the page in the current language."""
    for marker, attribute in MARKERS.items():
        for element in document.querySelectorAll(f"[{marker}]"):
            value = text(str(element.getAttribute(marker)))
            if attribute:
                element.setAttribute(attribute, value)
            else:
                element.textContent = value


#: The loader's words, shown by JavaScript before Python runs (index.html and
#: static/pyodide-start.mjs call ``djambiWord(key, english)`` with the same English; a test keeps
#: them equal). ``scripts/i18n.py compile`` (run by set-up) writes them, and the ``STATIC`` texts,
#: in every language to ``locale/loader-words.js``, which index.html loads first and applies as
#: ``apply`` does: so a first start, Python's longest wait, speaks the player's language too.
LOADER = {
    "loading": N_("Loading"),
    "loading-status": N_("Loading…"),
    "loading-runtime": N_("Loading the Python runtime…"),
    # Translators: {mb} is a number of megabytes still to download: "4.6".
    "mb-left": N_("{mb} MB left"),
    "restoring": N_("Restoring the game…"),
    "starting-python": N_("Starting Python…"),
    "loading-files": N_("Loading the game's files…"),
    "starting-game": N_("Starting the game…"),
    "still-starting": N_("Still starting: the board takes taps once the game is ready."),
    # Translators: {squares} are the squares tapped before the game was ready: "A7, A6".
    "taps-kept": N_("Kept: {squares}. Your taps are answered as soon as the game has started."),
    # Translators: {error} is the browser's own words for what failed (often English).
    "failed": N_("The game could not start ({error}). Reload the page; if that does not help, try another browser."),
    # The start's watchdog (index.html, issue 35): no progress for {seconds} seconds.
    "stalled": N_("The game has not started: nothing has happened for {seconds} seconds. Reload the page; if that does not help, try another browser."),
    "reload": N_("Reload"),
    "restarting": N_("Starting again another way…"),
    "restarted": N_("The first way of starting did not answer: the game starts again another way. This can take a little longer."),
    "slow-network": N_("Nothing has arrived for a while: the connection may be slow or lost. The game goes on loading; reload if nothing changes."),
}


def translated(table: dict[str, str], translate) -> dict[str, str]:
    """``table`` (``LOADER`` or ``STATIC``) through ``translate`` (a ``gettext``), by key."""
    return {key: translate(message) for key, message in table.items()}


__all__ = ["STATIC", "MARKERS", "LOADER", "translated", "text", "apply"]
