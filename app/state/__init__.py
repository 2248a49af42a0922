"""Pure game-session state: the game and its seats, storage, links, history, games list, settings,
remote seats, the computer loop, game files."""
