"""Short sounds made with WebAudio oscillators (no audio files): a move, a kill, the maze taken,
"your turn". Off unless the setting is on; never while the page is hidden. Each sound played is
counted in ``body[data-sounds]`` and named in ``body[data-sound]`` (what the page did, for tests).
"""

from __future__ import annotations

from pyscript import document, window

#: Each sound as notes: (frequency in Hz, start in s, length in s), on one waveform.
NOTES = {
    "move": ("triangle", ((520, 0.0, 0.07),)),
    "kill": ("square", ((330, 0.0, 0.09), (196, 0.08, 0.14))),
    "maze": ("sine", ((523, 0.0, 0.1), (659, 0.09, 0.1), (784, 0.18, 0.18))),
    "turn": ("sine", ((660, 0.0, 0.09), (880, 0.11, 0.14))),
}
VOLUME = 0.08


class Sound:
    def __init__(self) -> None:
        self.on = False
        self.context = None
        self.played = 0

    def play(self, name: str) -> None:
        if not self.on or name not in NOTES or str(document.visibilityState) == "hidden":
            return
        try:
            if self.context is None:
                self.context = window.AudioContext.new()
            ctx = self.context
            if str(ctx.state) == "suspended":
                ctx.resume()
            wave, notes = NOTES[name]
            now = float(ctx.currentTime)
            for freq, start, length in notes:
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.type = wave
                osc.frequency.value = freq
                gain.gain.setValueAtTime(VOLUME, now + start)
                gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(now + start)
                osc.stop(now + start + length + 0.02)
        except Exception:  # noqa: BLE001 (no audio on this device: silence, never an error)
            return
        self.played += 1
        document.body.dataset.sounds = str(self.played)
        document.body.dataset.sound = name


__all__ = ["Sound", "NOTES"]
