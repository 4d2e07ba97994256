"""Tournaments for bots (docs/api.md "Tournaments"): CreateTournament, EnterTournament, GetTournament and
ListTournaments over the store's ``TournamentStore``; the director (service/tournaments/director.py) plays them.

Who may enter whom: a tournament names its entrants by API key id (and optionally server bot levels, ``easy``,
``medium``, ``hard``). The creating key is entered at once when it names itself; every other named key enters by
calling EnterTournament with its own key, and only then. Nobody can be made to play: the first round starts when
every named key has entered. A key not named gets PERMISSION_DENIED ``tournament/not_entrant``. A tournament is read
by any caller that knows its id; the list (ListTournaments) holds the calling key's own: those it created or is
named in. The answers never hold a seat token or a deal's seed: each entrant's token goes to its own key's stream
alone (the ``tournament_round`` event).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from service.access.keys import KEY_ID_PATTERN
from service.core import clocks, errors
from service.core.bot_kinds import LEVEL_KINDS
from service.core.creation import check_preset_deck, new_game_id
from service.core.game_service import GameService
from service.core.lifecycle import now_ms
from service.tournaments import formats, standings
from service.tournaments.records import (
    BOT_PREFIX,
    ROUND_ROBIN,
    RUNNING,
    SWISS,
    WAITING,
    Bye,
    Entrant,
    Tournament,
    TournamentGame,
    TournamentList,
    TournamentState,
    bot_labels,
)

FORMATS = (ROUND_ROBIN, SWISS)
MAX_ENTRANTS = 32
MAX_ROUNDS = 30
MAX_DEALS = 20
MAX_GAMES = 500  # a tournament's games at most (rounds x pairings x deals x rotations)
DEFAULT_TURN_SECONDS = 30
MAX_TURN_SECONDS = 3600
DEFAULT_PAGE, MAX_PAGE = 20, 100
SAVE_ATTEMPTS = 32
PAGE_TOKEN_PATTERN = re.compile(r"^([0-9]{1,16})\.([A-Za-z0-9_-]{1,64})$")


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """What CreateTournament asks for (the request's fields, not checked yet)."""

    game_type: str
    players: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    format: str = ROUND_ROBIN
    rounds: int = 0
    entrants: Sequence[str] = ()
    bot_levels: Sequence[str] = ()
    deals: int = 1
    duplicate: bool = False
    turn_seconds: int = 0
    rated: bool = False


def not_found(tournament_id: str) -> errors.ServiceError:
    return errors.ServiceError(
        errors.Status.NOT_FOUND,
        "tournament/not_found",
        f"No tournament '{errors.quote(tournament_id)}' (never created, or expired).",
        {"tournamentId": tournament_id},
    )


def invalid(code: str, field_name: str, message: str) -> errors.ServiceError:
    return errors.invalid_argument(message, field=field_name, code=code)


def check_entrants(spec: TournamentSpec, players: int) -> tuple[str, ...]:
    """The entrants: the keys named, then the bot levels (as "bot:<level>"); INVALID_ARGUMENT
    ``tournament/invalid_entrants`` for a malformed, repeated or unknown one, or too few or too many."""
    for key_id in spec.entrants:
        if not KEY_ID_PATTERN.match(key_id):
            raise invalid(
                "tournament/invalid_entrants",
                "entrants",
                f"entrants holds {errors.quote(key_id)}, which is no API key id (1 to 80 letters, digits or ':_.-', "
                "as ListGames and the key's records show it).",
            )
    for level in spec.bot_levels:
        if level not in LEVEL_KINDS:
            raise invalid(
                "tournament/invalid_entrants",
                "botLevels",
                f"botLevels holds {errors.quote(level)}, which is no bot level; use {', '.join(LEVEL_KINDS)}.",
            )
    entrants = (*spec.entrants, *bot_labels(tuple(spec.bot_levels)))
    if len(set(spec.entrants)) != len(spec.entrants):
        raise invalid("tournament/invalid_entrants", "entrants", "entrants names a key twice; name each key once.")
    if not players <= len(entrants) <= MAX_ENTRANTS:
        raise invalid(
            "tournament/invalid_entrants",
            "entrants",
            f"A tournament of {players}-player games needs {players} to {MAX_ENTRANTS} entrants (keys and bot "
            f"levels); got {len(entrants)}.",
        )
    return entrants


def check_rounds(spec: TournamentSpec, entrants: int, players: int) -> list[list[formats.Group]]:
    """The round robin's schedule (empty for Swiss); INVALID_ARGUMENT ``tournament/invalid_format`` or
    ``tournament/invalid_rounds``."""
    if spec.format not in FORMATS:
        raise invalid(
            "tournament/invalid_format",
            "format",
            f"format must be one of {', '.join(FORMATS)}; got {errors.quote(spec.format)}.",
        )
    if spec.format == ROUND_ROBIN:
        schedule = formats.round_robin(entrants, players)
        if spec.rounds not in (0, len(schedule)):
            raise invalid(
                "tournament/invalid_rounds",
                "rounds",
                f"A round robin of {entrants} entrants in {players}-player games has {len(schedule)} rounds: give "
                f"rounds 0 (or {len(schedule)}); got {spec.rounds}.",
            )
        return schedule
    if not 1 <= spec.rounds <= MAX_ROUNDS:
        raise invalid(
            "tournament/invalid_rounds",
            "rounds",
            f"A Swiss tournament needs rounds 1 to {MAX_ROUNDS}; got {spec.rounds}.",
        )
    return []


def check_sizes(spec: TournamentSpec, rounds: int, groups_per_round: int, players: int) -> int:
    """The turn clock's seconds; INVALID_ARGUMENT for deals, turnSeconds or a tournament too large."""
    if not 1 <= spec.deals <= MAX_DEALS:
        raise errors.invalid_argument(f"deals must be 1 to {MAX_DEALS}; got {spec.deals}.", field="deals")
    turn_seconds = spec.turn_seconds or DEFAULT_TURN_SECONDS
    if not clocks.MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
        raise errors.invalid_argument(
            f"turnSeconds must be {clocks.MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} (0: {DEFAULT_TURN_SECONDS}); got "
            f"{spec.turn_seconds}.",
            field="turnSeconds",
        )
    games = rounds * groups_per_round * spec.deals * len(formats.rotations(players, spec.duplicate))
    if games > MAX_GAMES:
        raise invalid(
            "tournament/too_large",
            "rounds",
            f"This tournament would play {games} games; one plays at most {MAX_GAMES} (fewer rounds, deals or "
            "entrants).",
        )
    return turn_seconds


def resolved_players(spec: TournamentSpec) -> tuple[int, dict[str, Any]]:
    """The number of players and the options, checked by the engine as a CreateGame would (``game/unknown``,
    ``game/invalid_players``, ``game/invalid_option``)."""
    if not spec.game_type:
        raise errors.invalid_argument("gameType is required: one of the ids of ListGameTypes.", field="gameType")
    if spec.players < 0:
        message = f"players must be positive (0: the default); got {spec.players}."
        raise errors.invalid_argument(message, field="players")
    try:
        state, _ = engine.new_game(spec.game_type, spec.players or None, 0, dict(spec.options))
    except engine.EngineError as error:
        raise errors.from_engine(error) from None
    check_preset_deck(spec.options, spec.rated, ())  # a rated tournament's games are dealt from their seeds
    return state.players, dict(spec.options)


def encode_page_token(at_ms: int, tournament_id: str) -> str:
    return f"{at_ms}.{tournament_id}"


def decode_page_token(token: str) -> tuple[int, str] | None:
    if not token:
        return None
    found = PAGE_TOKEN_PATTERN.match(token)
    if found is None:
        raise errors.invalid_argument(
            "pageToken is not a token of ListTournaments: pass the nextPageToken of the previous page, or nothing.",
            field="pageToken",
        )
    return int(found.group(1)), found.group(2)


class Tournaments:
    """The use cases of tournaments over a GameService's store (stateless: one may be made per call)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store.tournaments

    def create(self, key_id: str | None, spec: TournamentSpec) -> Tournament:
        if key_id is None:
            raise errors.missing_api_key("CreateTournament")
        players, options = resolved_players(spec)
        entrants = check_entrants(spec, players)
        schedule = check_rounds(spec, len(entrants), players)
        rounds = len(schedule) if schedule else spec.rounds
        per_round = max(len(games) for games in schedule) if schedule else len(entrants) // players
        turn_seconds = check_sizes(spec, rounds, per_round, players)
        state = TournamentState(
            new_game_id(), key_id, spec.game_type, players, options, spec.format, rounds, spec.deals,
            spec.duplicate, turn_seconds, spec.rated, entrants,
            tuple(entrant == key_id or entrant.startswith(BOT_PREFIX) for entrant in entrants),
            now_ms(), os.urandom(16).hex(),
        )  # fmt: skip
        if all(state.entered):
            state.state = RUNNING
        listed = sorted({key_id, *spec.entrants})
        while not self.store.create_tournament(state.tournament_id, state.encode(), listed, state.created_at):
            state.tournament_id = new_game_id()  # a random id taken already: another one
        return answer(state)

    def enter(self, key_id: str | None, tournament_id: str) -> Tournament:
        """The calling key enters the tournament it is named in (again: nothing changes)."""
        if key_id is None:
            raise errors.missing_api_key("EnterTournament")
        for _ in range(SAVE_ATTEMPTS):
            version, state = self.load(tournament_id)
            if key_id not in state.entrants:
                raise errors.ServiceError(
                    errors.Status.PERMISSION_DENIED,
                    "tournament/not_entrant",
                    f"The API key '{key_id}' is not named among the entrants of tournament '{tournament_id}': only a "
                    "named key may enter, with its own key.",
                    {"tournamentId": tournament_id},
                )
            index = state.entrants.index(key_id)
            if state.entered[index]:
                return answer(state)
            state.entered = tuple(entered or at == index for at, entered in enumerate(state.entered))
            if state.state == WAITING and all(state.entered):
                state.state = RUNNING
            if self.store.save_tournament(tournament_id, state.encode(), version, running=True):
                return answer(state)
        raise errors.store_unavailable(RuntimeError("the tournament changed too often to enter it"))

    def get(self, tournament_id: str) -> Tournament:
        return answer(self.load(tournament_id)[1])

    def load(self, tournament_id: str) -> tuple[int, TournamentState]:
        if not tournament_id or len(tournament_id) > 64:
            raise not_found(tournament_id)
        found = self.store.load_tournament(tournament_id)
        if found is None:
            raise not_found(tournament_id)
        return found[0], TournamentState.decode(found[1])

    def list(self, key_id: str | None, page_size: int = 0, page_token: str = "") -> TournamentList:
        """The calling key's tournaments (created or named in), the newest first."""
        if key_id is None:
            raise errors.missing_api_key("ListTournaments")
        if not 0 <= page_size <= MAX_PAGE:
            raise errors.invalid_argument(f"pageSize must be 0 to {MAX_PAGE}; got {page_size}.", field="pageSize")
        size = page_size or DEFAULT_PAGE
        entries = self.store.key_tournaments(key_id, decode_page_token(page_token), size + 1)
        found = []
        for _, tournament_id in entries[:size]:
            loaded = self.store.load_tournament(tournament_id)
            if loaded is not None:
                found.append(answer(TournamentState.decode(loaded[1])))
        more = len(entries) > size
        return TournamentList(tuple(found), encode_page_token(*entries[size - 1]) if more else "")


def answer(state: TournamentState) -> Tournament:
    """The tournament as the API shows it: never its salt, never a token."""
    labels = state.entrants
    games = tuple(
        TournamentGame(
            game.game_id,
            game.round,
            game.group,
            game.deal,
            game.rotation,
            tuple(labels[entrant] for entrant in game.seats),
            game.finished,
            game.totals,
            game.winners,
        )
        for game in state.games
    )
    return Tournament(
        state.tournament_id, state.game_type, state.players, dict(state.options), state.format, state.rounds,
        state.round, state.deals, state.duplicate, state.turn_seconds, state.rated, state.state, state.creator,
        state.created_at, tuple(Entrant(label, entered) for label, entered in zip(labels, state.entered, strict=True)),
        games, tuple(Bye(round_, labels[entrant]) for round_, entrant in state.byes), standings.table(state),
    )  # fmt: skip


def seed_of(state: TournamentState, round_: int, group: int, deal: int) -> int:
    """A deal's seed, derived from the tournament's secret salt (the same for every rotation of the deal)."""
    digest = hmac.new(bytes.fromhex(state.salt), f"{round_}:{group}:{deal}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")
