// Generated from the games' JSON Schemas by clients/schema_types.py; never edited by hand.

// ----- dracula -------------------------------------------------------------------------------------------------------

/** A card code: rank + suit (TH: 10 of Hearts); VP. */
export type DraculaCard = "2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS" | "VP";
export type DraculaView = {
  game: string;
  rulesVersion: number;
  players: number;
  seat: number | null;
  step: number;
  toAct: Array<number>;
  finished: boolean;
  options: Record<string, unknown>;
  phase: "declare" | "finished" | "play";
  firstDealer: number;
  dealer: number;
  deal: number;
  coffinInDeal: number;
  directions: Array<"" | "across" | "down">;
  turn: number;
  coffin: Array<Array<DraculaCard | null>>;
  hand: Array<DraculaCard> | null;
  handCounts: Array<number>;
  stockCount: number;
  used: Array<DraculaCard>;
  totals: Array<number>;
};
export type DraculaCutEvent = {
  kind: "cut";
  seat?: number;
  text: string;
  cards: Array<DraculaCard>;
  firstDealer: number | null;
};
export type DraculaDeclaredEvent = {
  kind: "declared";
  seat: number;
  text: string;
  direction: "across" | "down";
};
export type DraculaDealStartedEvent = {
  kind: "deal_started";
  seat?: number;
  text: string;
  deal: number;
  dealer: number;
  handSizes: Array<number>;
  stockCount: number;
};
export type DraculaHandDealtEvent = {
  kind: "hand_dealt";
  seat: number;
  text: string;
  cards: Array<DraculaCard>;
};
export type DraculaNailTurnedEvent = {
  kind: "nail_turned";
  seat?: number;
  text: string;
  card: DraculaCard;
  cell: "a1" | "a2" | "a3" | "b1" | "b2" | "b3" | "c1" | "c2" | "c3";
};
export type DraculaPlacedEvent = {
  kind: "placed";
  seat: number;
  text: string;
  card: DraculaCard;
  cell: "a1" | "a2" | "a3" | "b1" | "b2" | "b3" | "c1" | "c2" | "c3";
};
export type DraculaCoffinScoredEvent = {
  kind: "coffin_scored";
  seat?: number;
  text: string;
  label: string;
  points: Array<number>;
  lineRank: number;
  coffin: {
    a1: DraculaCard;
    b1: DraculaCard;
    c1: DraculaCard;
    a2: DraculaCard;
    b2: DraculaCard;
    c2: DraculaCard;
    a3: DraculaCard;
    b3: DraculaCard;
    c3: DraculaCard;
  };
  sides: Array<{
    side: 0 | 1;
    seats: Array<number>;
    points: number;
    direction: "across" | "down";
    lines: Array<{
      cells: string;
      faceValue: number;
      multiplier: 0 | 1 | 2 | 3 | 5;
      vampire: boolean;
      value: number;
    }>;
  }>;
};
export type DraculaMatchFinishedEvent = {
  kind: "match_finished";
  seat?: number;
  text: string;
  totals: Array<number>;
  bonus: Array<number>;
  bonusReason: "best_line" | "difference" | "none";
  winners: Array<number>;
};
export type DraculaSeedRevealedEvent = {
  kind: "seed_revealed";
  text: string;
  seedSource: "client" | "server";
  seedCommitment: string;
  seed: string;
  salt: string;
};
export type DraculaForfeitedEvent = {
  kind: "forfeited";
  seat: number;
  text: string;
  reason: "left" | "resigned" | "time";
};
export type DraculaEndedEvent = {
  kind: "ended";
  text: string;
  reason: "creator";
};
export type DraculaEvent = DraculaCutEvent | DraculaDeclaredEvent | DraculaDealStartedEvent | DraculaHandDealtEvent | DraculaNailTurnedEvent | DraculaPlacedEvent | DraculaCoffinScoredEvent | DraculaMatchFinishedEvent | DraculaSeedRevealedEvent | DraculaForfeitedEvent | DraculaEndedEvent;
export interface DraculaMoveArgs {
  "declare": {
    direction: "across" | "down";
  };
  "place": {
    card: DraculaCard;
    cell: "a1" | "a2" | "a3" | "b1" | "b2" | "b3" | "c1" | "c2" | "c3";
  };
}
export type DraculaMove = { [K in keyof DraculaMoveArgs]: { kind: K; args: DraculaMoveArgs[K] } }[keyof DraculaMoveArgs];
export type DraculaScore = {
  totals: Array<number>;
  rounds: Array<{
    label: string;
    points: Array<number>;
    details: {
      coffin: {
        a1: DraculaCard;
        b1: DraculaCard;
        c1: DraculaCard;
        a2: DraculaCard;
        b2: DraculaCard;
        c2: DraculaCard;
        a3: DraculaCard;
        b3: DraculaCard;
        c3: DraculaCard;
      };
      lineRank: number;
      sides: Array<{
        side: 0 | 1;
        seats: Array<number>;
        points: number;
        direction: "across" | "down";
        lines: Array<{
          cells: string;
          cards: Array<DraculaCard>;
          faceValue: number;
          multiplier: 0 | 1 | 2 | 3 | 5;
          vampire: boolean;
          value: number;
        }>;
      }>;
    } | {
      bonusReason: "best_line" | "difference" | "none";
    };
  }>;
  finished: boolean;
  winners: Array<number>;
  details: {
    bestLine: Array<number>;
    directions: Array<"" | "across" | "down">;
    forfeit?: {
      seat: number;
      reason: "left" | "resigned" | "time";
    };
    ended?: {
      reason: "creator";
    };
  };
};
/** The dracula types under short names: Dracula.Card, Dracula.View, Dracula.Event, ... */
export declare namespace Dracula {
  type Card = DraculaCard;
  type View = DraculaView;
  type Event = DraculaEvent;
  type MoveArgs = DraculaMoveArgs;
  type Move = DraculaMove;
  type Score = DraculaScore;
}

// ----- dragon_rummy --------------------------------------------------------------------------------------------------

/** A dragon: the first two letters of its name in capitals (JA: Jade Dragon). */
export type DragonRummyCard = "AZ" | "BR" | "CR" | "EM" | "FR" | "GO" | "JA" | "ON" | "SH" | "ST";
export type DragonRummyView = {
  game: string;
  rulesVersion: number;
  players: number;
  seat: number | null;
  step: number;
  toAct: Array<number>;
  finished: boolean;
  options: Record<string, unknown>;
  phase: "draw" | "finished" | "play";
  handNumber: number;
  starter: number;
  turn: number;
  drawTwo: DragonRummyCard;
  rare: DragonRummyCard;
  drawTwoName: string;
  rareName: string;
  hand: Array<DragonRummyCard> | null;
  handCounts: Array<number>;
  deckCount: number;
  discard: Array<DragonRummyCard>;
  playAreas: Array<Array<DragonRummyCard>>;
  playAreaPoints: Array<number>;
  mustPlay: DragonRummyCard | null;
  usedThisTurn: Array<"draw_two" | "rare" | "split">;
  lastCardDrawn: boolean;
  totals: Array<number>;
  targetScore: number;
};
export type DragonRummyRareTurnedAgainEvent = {
  kind: "rare_turned_again";
  seat?: number;
  text: string;
  card: DragonRummyCard;
};
export type DragonRummyHandStartedEvent = {
  kind: "hand_started";
  seat?: number;
  text: string;
  hand: number;
  starter: number;
  drawTwo: DragonRummyCard;
  rare: DragonRummyCard;
  discard: Array<DragonRummyCard>;
  deckCount: number;
  handCounts: Array<number>;
};
export type DragonRummyHandDealtEvent = {
  kind: "hand_dealt";
  seat: number;
  text: string;
  cards: Array<DragonRummyCard>;
};
export type DragonRummyDrewEvent = {
  kind: "drew";
  seat: number;
  text: string;
  deckCount: number;
  lastCard: boolean;
  card?: DragonRummyCard;
};
export type DragonRummyTookEvent = {
  kind: "took";
  seat: number;
  text: string;
  cards: Array<DragonRummyCard>;
  count: number;
};
export type DragonRummyDrawTwoPlayedEvent = {
  kind: "draw_two_played";
  seat: number;
  text: string;
  card: DragonRummyCard;
  drawnCount: number;
  deckCount: number;
  lastCard: boolean;
  drawn?: Array<DragonRummyCard>;
};
export type DragonRummyRarePlayedEvent = {
  kind: "rare_played";
  seat: number;
  text: string;
  card: DragonRummyCard;
  takenFrom: Array<number>;
};
export type DragonRummySetSplitEvent = {
  kind: "set_split";
  seat: number;
  text: string;
  card: DragonRummyCard;
  fromSeat: number;
};
export type DragonRummySetPlayedEvent = {
  kind: "set_played";
  seat: number;
  text: string;
  cards: Array<DragonRummyCard>;
};
export type DragonRummyDiscardedEvent = {
  kind: "discarded";
  seat: number;
  text: string;
  card: DragonRummyCard;
  handCount: number;
};
export type DragonRummyHandEndedEvent = {
  kind: "hand_ended";
  seat: number;
  text: string;
  hand: number;
  ended: "deck" | "out";
  points: Array<number>;
  totals: Array<number>;
  explanations: Array<{
    cards: Array<DragonRummyCard>;
    drawTwo: number;
    rare: number;
    other: number;
    points: number;
  }>;
};
export type DragonRummyMatchFinishedEvent = {
  kind: "match_finished";
  seat?: number;
  text: string;
  totals: Array<number>;
  winners: Array<number>;
};
export type DragonRummySeedRevealedEvent = {
  kind: "seed_revealed";
  text: string;
  seedSource: "client" | "server";
  seedCommitment: string;
  seed: string;
  salt: string;
};
export type DragonRummyForfeitedEvent = {
  kind: "forfeited";
  seat: number;
  text: string;
  reason: "left" | "resigned" | "time";
};
export type DragonRummyEndedEvent = {
  kind: "ended";
  text: string;
  reason: "creator";
};
export type DragonRummyEvent = DragonRummyRareTurnedAgainEvent | DragonRummyHandStartedEvent | DragonRummyHandDealtEvent | DragonRummyDrewEvent | DragonRummyTookEvent | DragonRummyDrawTwoPlayedEvent | DragonRummyRarePlayedEvent | DragonRummySetSplitEvent | DragonRummySetPlayedEvent | DragonRummyDiscardedEvent | DragonRummyHandEndedEvent | DragonRummyMatchFinishedEvent | DragonRummySeedRevealedEvent | DragonRummyForfeitedEvent | DragonRummyEndedEvent;
export interface DragonRummyMoveArgs {
  "draw": Record<string, never>;
  "take": {
    card: DragonRummyCard;
    count: string | number;
  };
  "play": {
    card: DragonRummyCard;
  };
  "set": {
    cards: Array<DragonRummyCard>;
  };
  "discard": {
    card: DragonRummyCard;
  };
}
export type DragonRummyMove = { [K in keyof DragonRummyMoveArgs]: { kind: K; args: DragonRummyMoveArgs[K] } }[keyof DragonRummyMoveArgs];
export type DragonRummyScore = {
  totals: Array<number>;
  rounds: Array<{
    label: string;
    points: Array<number>;
    details: {
      drawTwo: DragonRummyCard;
      rare: DragonRummyCard;
      ended: "deck" | "out";
      by: number;
      playAreas: Array<{
        drawTwo: number;
        rare: number;
        other: number;
      }>;
      explanations?: Array<{
        cards: Array<DragonRummyCard>;
        drawTwo: number;
        rare: number;
        other: number;
        points: number;
      }>;
    };
  }>;
  finished: boolean;
  winners: Array<number>;
  details: {
    targetScore: number;
    forfeit?: {
      seat: number;
      reason: "left" | "resigned" | "time";
    };
    ended?: {
      reason: "creator";
    };
  };
};
/** The dragon_rummy types under short names: DragonRummy.Card, DragonRummy.View, DragonRummy.Event, ... */
export declare namespace DragonRummy {
  type Card = DragonRummyCard;
  type View = DragonRummyView;
  type Event = DragonRummyEvent;
  type MoveArgs = DragonRummyMoveArgs;
  type Move = DragonRummyMove;
  type Score = DragonRummyScore;
}

// ----- draw_blood ----------------------------------------------------------------------------------------------------

/** A card code: a Numbered Blood Card (1S 3S 5S 7S 9S Skulls, 2H 4H 6H 8H Hearts), a Monster, KILL, or an Immunity Card. */
export type DrawBloodCard = "1S" | "2H" | "3S" | "4H" | "5S" | "6H" | "7S" | "8H" | "9S" | "COFFIN" | "FULLMOON" | "KILL" | "VAMPIRE" | "WATER" | "WATERMONSTER" | "WEREWOLF";
export type DrawBloodView = {
  game: string;
  rulesVersion: number;
  players: number;
  seat: number | null;
  step: number;
  toAct: Array<number>;
  finished: boolean;
  options: Record<string, unknown>;
  phase: "act" | "draw" | "finished" | "hand_over";
  handNumber: number;
  leader: number;
  turn: number;
  movesLeft: number;
  discardedThisTurn: boolean;
  mustUse: DrawBloodCard | null;
  mustUsePending: boolean;
  hand: Array<DrawBloodCard> | null;
  handCounts: Array<number>;
  drawPileCount: number;
  discardPile: Array<DrawBloodCard>;
  monsterRows: Array<{
    vampire: {
      cards: Array<DrawBloodCard>;
      alive: boolean;
      immunity: Array<"COFFIN" | "FULLMOON" | "KILL" | "WATER">;
      immune: boolean;
    };
    werewolf: {
      cards: Array<DrawBloodCard>;
      alive: boolean;
      immunity: Array<"COFFIN" | "FULLMOON" | "KILL" | "WATER">;
      immune: boolean;
    };
    watermonster: {
      cards: Array<DrawBloodCard>;
      alive: boolean;
      immunity: Array<"COFFIN" | "FULLMOON" | "KILL" | "WATER">;
      immune: boolean;
    };
  }>;
  liveMonsters: Array<number>;
  melds: Array<{
    id: number;
    owner: number;
    kind: "immunity_run" | "kill_set" | "monster_run" | "monster_set" | "run" | "set";
    cards: Array<DrawBloodCard>;
    placedBy: Array<number>;
  }>;
  totals: Array<number>;
  targetScore: number;
  hands?: Array<Array<DrawBloodCard>>;
};
export type DrawBloodHandDealtEvent = {
  kind: "hand_dealt";
  seat?: number;
  text: string;
  hand: number;
  leader: number;
  drawPileCount: number;
};
export type DrawBloodCardsDealtEvent = {
  kind: "cards_dealt";
  seat: number;
  text: string;
  cards: Array<DrawBloodCard>;
};
export type DrawBloodDrewEvent = {
  kind: "drew";
  seat: number;
  text: string;
  drawPileCount: number;
  card?: DrawBloodCard;
};
export type DrawBloodPickedUpDiscardPileEvent = {
  kind: "picked_up_discard_pile";
  seat: number;
  text: string;
  cards: Array<DrawBloodCard>;
};
export type DrawBloodMonsterPlayedEvent = {
  kind: "monster_played";
  seat: number;
  text: string;
  card: "VAMPIRE" | "WATERMONSTER" | "WEREWOLF";
  slot: "vampire" | "watermonster" | "werewolf";
  replaced: boolean;
};
export type DrawBloodMonsterKilledEvent = {
  kind: "monster_killed";
  seat: number;
  text: string;
  target: number;
  slot: "vampire" | "watermonster" | "werewolf";
  by: "KILL" | Array<DrawBloodCard>;
  pair?: number;
};
export type DrawBloodMonsterRevivedEvent = {
  kind: "monster_revived";
  seat: number;
  text: string;
  target: number;
  slot: "vampire" | "watermonster" | "werewolf";
  by: Array<DrawBloodCard>;
  pair?: number;
};
export type DrawBloodImmunityPlayedEvent = {
  kind: "immunity_played";
  seat: number;
  text: string;
  card: "COFFIN" | "FULLMOON" | "WATER";
  slot: "vampire" | "watermonster" | "werewolf";
};
export type DrawBloodImmunityCancelledEvent = {
  kind: "immunity_cancelled";
  seat: number;
  text: string;
  target: number;
  slot: "vampire" | "watermonster" | "werewolf";
};
export type DrawBloodMeldedEvent = {
  kind: "melded";
  seat: number;
  text: string;
  meld: number;
  meldKind: "immunity_run" | "kill_set" | "monster_run" | "monster_set" | "run" | "set";
  cards: Array<DrawBloodCard>;
};
export type DrawBloodLaidOffEvent = {
  kind: "laid_off";
  seat: number;
  text: string;
  meld: number;
  owner: number;
  cards: Array<DrawBloodCard>;
};
export type DrawBloodDiscardedEvent = {
  kind: "discarded";
  seat: number;
  text: string;
  card: DrawBloodCard;
};
export type DrawBloodTurnEndedEvent = {
  kind: "turn_ended";
  seat: number;
  text: string;
  movesUnused: number;
};
export type DrawBloodWentOutEvent = {
  kind: "went_out";
  seat: number;
  text: string;
};
export type DrawBloodHandScoredEvent = {
  kind: "hand_scored";
  seat?: number;
  text: string;
  hand: number;
  ending: "depleted" | "out";
  out: number | null;
  meldPoints: Array<number>;
  handPoints: Array<number>;
  points: Array<number>;
  totals: Array<number>;
  hands: Array<Array<DrawBloodCard>>;
  explanations: Array<{
    melds: Array<{
      meld: number;
      kind: "immunity_run" | "kill_set" | "monster_run" | "monster_set" | "run" | "set";
      cards: Array<DrawBloodCard>;
      points: number;
    }>;
    handPoints: number;
    points: number;
  }>;
};
export type DrawBloodMatchFinishedEvent = {
  kind: "match_finished";
  seat?: number;
  text: string;
  totals: Array<number>;
  winners: Array<number>;
};
export type DrawBloodSeedRevealedEvent = {
  kind: "seed_revealed";
  text: string;
  seedSource: "client" | "server";
  seedCommitment: string;
  seed: string;
  salt: string;
};
export type DrawBloodForfeitedEvent = {
  kind: "forfeited";
  seat: number;
  text: string;
  reason: "left" | "resigned" | "time";
};
export type DrawBloodEndedEvent = {
  kind: "ended";
  text: string;
  reason: "creator";
};
export type DrawBloodEvent = DrawBloodHandDealtEvent | DrawBloodCardsDealtEvent | DrawBloodDrewEvent | DrawBloodPickedUpDiscardPileEvent | DrawBloodMonsterPlayedEvent | DrawBloodMonsterKilledEvent | DrawBloodMonsterRevivedEvent | DrawBloodImmunityPlayedEvent | DrawBloodImmunityCancelledEvent | DrawBloodMeldedEvent | DrawBloodLaidOffEvent | DrawBloodDiscardedEvent | DrawBloodTurnEndedEvent | DrawBloodWentOutEvent | DrawBloodHandScoredEvent | DrawBloodMatchFinishedEvent | DrawBloodSeedRevealedEvent | DrawBloodForfeitedEvent | DrawBloodEndedEvent;
export interface DrawBloodMoveArgs {
  "draw": Record<string, never>;
  "pick_up_discard_pile": Record<string, never>;
  "play_monster": {
    card: "VAMPIRE" | "WATERMONSTER" | "WEREWOLF";
  };
  "kill": {
    seat: "0" | "1" | "2" | "3";
    slot: "vampire" | "watermonster" | "werewolf";
  };
  "play_immunity": {
    card: "COFFIN" | "FULLMOON" | "WATER";
  };
  "meld": {
    cards: Array<DrawBloodCard>;
  };
  "lay_off": {
    meld: string;
    cards: Array<DrawBloodCard>;
  };
  "triple_kill": {
    cards: Array<DrawBloodCard>;
    seat: "0" | "1" | "2" | "3";
    slot: "vampire" | "watermonster" | "werewolf";
  };
  "triple_revive": {
    cards: Array<DrawBloodCard>;
    slot: "vampire" | "watermonster" | "werewolf";
  };
  "pair_kill": {
    meld: string;
    card: DrawBloodCard;
    seat: "0" | "1" | "2" | "3";
    slot: "vampire" | "watermonster" | "werewolf";
  };
  "pair_revive": {
    meld: string;
    card: DrawBloodCard;
    slot: "vampire" | "watermonster" | "werewolf";
  };
  "discard": {
    card: DrawBloodCard;
  };
  "end_turn": Record<string, never>;
  "next_hand": Record<string, never>;
}
export type DrawBloodMove = { [K in keyof DrawBloodMoveArgs]: { kind: K; args: DrawBloodMoveArgs[K] } }[keyof DrawBloodMoveArgs];
export type DrawBloodScore = {
  totals: Array<number>;
  rounds: Array<{
    label: string;
    points: Array<number>;
    details: {
      meldPoints: Array<number>;
      handPoints: Array<number>;
      ending: "depleted" | "out";
      out: number | null;
      hands?: Array<Array<DrawBloodCard>>;
      explanations?: Array<{
        melds: Array<{
          meld: number;
          kind: "immunity_run" | "kill_set" | "monster_run" | "monster_set" | "run" | "set";
          cards: Array<DrawBloodCard>;
          points: number;
        }>;
        handPoints: number;
        points: number;
      }>;
    };
  }>;
  finished: boolean;
  winners: Array<number>;
  details: {
    targetScore: number;
    handsPlayed: number;
    forfeit?: {
      seat: number;
      reason: "left" | "resigned" | "time";
    };
    ended?: {
      reason: "creator";
    };
  };
};
/** The draw_blood types under short names: DrawBlood.Card, DrawBlood.View, DrawBlood.Event, ... */
export declare namespace DrawBlood {
  type Card = DrawBloodCard;
  type View = DrawBloodView;
  type Event = DrawBloodEvent;
  type MoveArgs = DrawBloodMoveArgs;
  type Move = DrawBloodMove;
  type Score = DrawBloodScore;
}

// ----- house_rummy ---------------------------------------------------------------------------------------------------

/** A card code: rank (A 2-9 T J Q K) + suit (S H D C), or TR (Transition), PR (Protected), HP (Hot Potato). */
export type HouseRummyCard = "2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "HP" | "JC" | "JD" | "JH" | "JS" | "KC" | "KD" | "KH" | "KS" | "PR" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TR" | "TS";
export type HouseRummyView = {
  game: string;
  rulesVersion: number;
  players: number;
  seat: number | null;
  step: number;
  toAct: Array<number>;
  finished: boolean;
  options: Record<string, unknown>;
  phase: "claim" | "draw" | "exchange" | "exchange_give" | "extra_discard" | "finished" | "fish" | "fish_give" | "play" | "potato" | "search" | "see_hand";
  hand: Array<HouseRummyCard> | null;
  handCounts: Array<number>;
  hands: Array<Array<HouseRummyCard>> | null;
  stockCount: number;
  piles: Array<Array<HouseRummyCard>>;
  groups: Array<{
    id: number;
    startedBy: number;
    cards: Array<"+3C" | "+6D" | "+KS" | "+TH" | "2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "HP" | "JC" | "JD" | "JH" | "JS" | "KC" | "KD" | "KH" | "KS" | "PR" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TR" | "TS">;
    owners: Array<number>;
    kind: "run" | "set";
    protected?: boolean;
    openLow?: boolean;
    openHigh?: boolean;
    suitLow?: "C" | "D" | "H" | "S";
    suitHigh?: "C" | "D" | "H" | "S";
  }>;
  potatoOnBoard: Array<Array<"HP">>;
  turn: number;
  direction: "left" | "right";
  dealer: number;
  handNumber: number;
  playedOut: number | null;
  mustPlayBottomCard: boolean;
  bottomCardIndex: number | null;
  newGroupsThisTurn: number;
  claim: null | {
    pile: number;
    discarder: number;
    waiting: Array<number>;
  };
  action: null | {
    name: "exchange" | "fish" | "search" | "see_hand";
    by: number;
    with: number | null;
    ask: "" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "A" | "C" | "D" | "H" | "J" | "K" | "Q" | "S" | "T";
  };
  totals: Array<number>;
};
export type HouseRummyHandStartedEvent = {
  kind: "hand_started";
  seat?: number;
  text: string;
  hand: number;
  dealer: number;
  handCounts: Array<number>;
  stockCount: number;
  turned: HouseRummyCard;
  turn: number;
};
export type HouseRummyHandDealtEvent = {
  kind: "hand_dealt";
  seat: number;
  text: string;
  cards: Array<HouseRummyCard>;
};
export type HouseRummyDrewEvent = {
  kind: "drew";
  seat: number;
  text: string;
  reason: "draw" | "draw_discard" | "go_fish";
  stockCount: number;
};
export type HouseRummyDrewCardEvent = {
  kind: "drew_card";
  seat: number;
  text: string;
  card: HouseRummyCard;
};
export type HouseRummyTookEvent = {
  kind: "took";
  seat: number;
  text: string;
  pile: number;
  cards: Array<HouseRummyCard>;
  mustPlayBottom: boolean;
};
export type HouseRummyMeldedEvent = {
  kind: "melded";
  seat: number;
  text: string;
  group: number;
  meldKind: "run" | "set";
  cards: Array<HouseRummyCard>;
  boardCardUsed: boolean;
};
export type HouseRummyLaidOffEvent = {
  kind: "laid_off";
  seat: number;
  text: string;
  cards: Array<HouseRummyCard>;
  target: "0" | "0hi" | "0lo" | "1" | "10" | "10hi" | "10lo" | "11" | "11hi" | "11lo" | "12" | "12hi" | "12lo" | "13" | "13hi" | "13lo" | "14" | "14hi" | "14lo" | "15" | "15hi" | "15lo" | "16" | "16hi" | "16lo" | "17" | "17hi" | "17lo" | "18" | "18hi" | "18lo" | "19" | "19hi" | "19lo" | "1hi" | "1lo" | "2" | "20" | "20hi" | "20lo" | "21" | "21hi" | "21lo" | "22" | "22hi" | "22lo" | "23" | "23hi" | "23lo" | "24" | "24hi" | "24lo" | "25" | "25hi" | "25lo" | "26" | "26hi" | "26lo" | "27" | "27hi" | "27lo" | "2hi" | "2lo" | "3" | "3hi" | "3lo" | "4" | "4hi" | "4lo" | "5" | "5hi" | "5lo" | "6" | "6hi" | "6lo" | "7" | "7hi" | "7lo" | "8" | "8hi" | "8lo" | "9" | "9hi" | "9lo";
};
export type HouseRummyMovedEvent = {
  kind: "moved";
  seat: number;
  text: string;
  card: HouseRummyCard;
  from: number;
  target: "0" | "0hi" | "0lo" | "1" | "10" | "10hi" | "10lo" | "11" | "11hi" | "11lo" | "12" | "12hi" | "12lo" | "13" | "13hi" | "13lo" | "14" | "14hi" | "14lo" | "15" | "15hi" | "15lo" | "16" | "16hi" | "16lo" | "17" | "17hi" | "17lo" | "18" | "18hi" | "18lo" | "19" | "19hi" | "19lo" | "1hi" | "1lo" | "2" | "20" | "20hi" | "20lo" | "21" | "21hi" | "21lo" | "22" | "22hi" | "22lo" | "23" | "23hi" | "23lo" | "24" | "24hi" | "24lo" | "25" | "25hi" | "25lo" | "26" | "26hi" | "26lo" | "27" | "27hi" | "27lo" | "2hi" | "2lo" | "3" | "3hi" | "3lo" | "4" | "4hi" | "4lo" | "5" | "5hi" | "5lo" | "6" | "6hi" | "6lo" | "7" | "7hi" | "7lo" | "8" | "8hi" | "8lo" | "9" | "9hi" | "9lo";
};
export type HouseRummyPotatoPlayedEvent = {
  kind: "potato_played";
  seat: number;
  text: string;
  card: "HP";
};
export type HouseRummyPotatoPassedEvent = {
  kind: "potato_passed";
  seat: number;
  text: string;
  to: number;
};
export type HouseRummyPotatoKeptEvent = {
  kind: "potato_kept";
  seat: number;
  text: string;
};
export type HouseRummyPlayedOutEvent = {
  kind: "played_out";
  seat: number;
  text: string;
};
export type HouseRummyDiscardedEvent = {
  kind: "discarded";
  seat: number;
  text: string;
  card: HouseRummyCard;
  pile: number;
  newPile: boolean;
};
export type HouseRummyWentOutEvent = {
  kind: "went_out";
  seat: number;
  text: string;
};
export type HouseRummyClaimWindowEvent = {
  kind: "claim_window";
  seat: number;
  text: string;
  card: HouseRummyCard;
  pile: number;
  waiting: Array<number>;
};
export type HouseRummyClaimedEvent = {
  kind: "claimed";
  seat: number;
  text: string;
  target: "0" | "0hi" | "0lo" | "1" | "10" | "10hi" | "10lo" | "11" | "11hi" | "11lo" | "12" | "12hi" | "12lo" | "13" | "13hi" | "13lo" | "14" | "14hi" | "14lo" | "15" | "15hi" | "15lo" | "16" | "16hi" | "16lo" | "17" | "17hi" | "17lo" | "18" | "18hi" | "18lo" | "19" | "19hi" | "19lo" | "1hi" | "1lo" | "2" | "20" | "20hi" | "20lo" | "21" | "21hi" | "21lo" | "22" | "22hi" | "22lo" | "23" | "23hi" | "23lo" | "24" | "24hi" | "24lo" | "25" | "25hi" | "25lo" | "26" | "26hi" | "26lo" | "27" | "27hi" | "27lo" | "2hi" | "2lo" | "3" | "3hi" | "3lo" | "4" | "4hi" | "4lo" | "5" | "5hi" | "5lo" | "6" | "6hi" | "6lo" | "7" | "7hi" | "7lo" | "8" | "8hi" | "8lo" | "9" | "9hi" | "9lo";
};
export type HouseRummyPassedClaimEvent = {
  kind: "passed_claim";
  seat: number;
  text: string;
  target: "-";
};
export type HouseRummyRummyOnTheBoardEvent = {
  kind: "rummy_on_the_board";
  seat: number;
  text: string;
  card: HouseRummyCard;
  target: "0" | "0hi" | "0lo" | "1" | "10" | "10hi" | "10lo" | "11" | "11hi" | "11lo" | "12" | "12hi" | "12lo" | "13" | "13hi" | "13lo" | "14" | "14hi" | "14lo" | "15" | "15hi" | "15lo" | "16" | "16hi" | "16lo" | "17" | "17hi" | "17lo" | "18" | "18hi" | "18lo" | "19" | "19hi" | "19lo" | "1hi" | "1lo" | "2" | "20" | "20hi" | "20lo" | "21" | "21hi" | "21lo" | "22" | "22hi" | "22lo" | "23" | "23hi" | "23lo" | "24" | "24hi" | "24lo" | "25" | "25hi" | "25lo" | "26" | "26hi" | "26lo" | "27" | "27hi" | "27lo" | "2hi" | "2lo" | "3" | "3hi" | "3lo" | "4" | "4hi" | "4lo" | "5" | "5hi" | "5lo" | "6" | "6hi" | "6lo" | "7" | "7hi" | "7lo" | "8" | "8hi" | "8lo" | "9" | "9hi" | "9lo";
  from: number;
};
export type HouseRummyDiscardActionEvent = {
  kind: "discard_action";
  seat: number;
  text: string;
  action: "draw_discard" | "exchange" | "fish" | "go_again" | "new_discard" | "reverse" | "search" | "see_hand" | "skip";
};
export type HouseRummyFishedEvent = {
  kind: "fished";
  seat: number;
  text: string;
  asked: number;
  ask: "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "A" | "C" | "D" | "H" | "J" | "K" | "Q" | "S" | "T";
};
export type HouseRummyGoFishEvent = {
  kind: "go_fish";
  seat: number;
  text: string;
};
export type HouseRummyFishGivenEvent = {
  kind: "fish_given";
  seat: number;
  text: string;
  to: number;
};
export type HouseRummyFishCardEvent = {
  kind: "fish_card";
  seat: number;
  text: string;
  to: number;
  card: HouseRummyCard;
};
export type HouseRummyExchangeStartedEvent = {
  kind: "exchange_started";
  seat: number;
  text: string;
  with: number;
};
export type HouseRummyExchangeChosenEvent = {
  kind: "exchange_chosen";
  seat: number;
  text: string;
};
export type HouseRummyExchangeDoneEvent = {
  kind: "exchange_done";
  seat?: number;
  text: string;
  seats: Array<number>;
};
export type HouseRummyExchangedEvent = {
  kind: "exchanged";
  seat: number;
  text: string;
  gave: HouseRummyCard;
  got: HouseRummyCard;
};
export type HouseRummySawHandEvent = {
  kind: "saw_hand";
  seat: number;
  text: string;
  shown: number;
};
export type HouseRummyHandShownEvent = {
  kind: "hand_shown";
  seat: number;
  text: string;
  to: number;
  cards: Array<HouseRummyCard>;
};
export type HouseRummySearchedEvent = {
  kind: "searched";
  seat: number;
  text: string;
  card: HouseRummyCard;
  pile: number;
};
export type HouseRummySkippedEvent = {
  kind: "skipped";
  seat: number;
  text: string;
};
export type HouseRummyTurnEvent = {
  kind: "turn";
  seat: number;
  text: string;
  again: boolean;
};
export type HouseRummyHandScoredEvent = {
  kind: "hand_scored";
  seat?: number;
  text: string;
  hand: number;
  reason: "played_out" | "stock_exhausted" | "went_out";
  points: Array<number>;
  parts: Array<Array<number>>;
  explanations: Array<{
    groups: Array<{
      group: number;
      kind: "run" | "set";
      cards: Array<HouseRummyCard>;
      multiplier: 1 | 2 | 4;
      points: number;
    }>;
    hotPotato: number;
    groupBonus: number;
    hand: Array<HouseRummyCard>;
    sponged: Array<HouseRummyCard>;
    handPoints: number;
    points: number;
  }>;
};
export type HouseRummyMatchFinishedEvent = {
  kind: "match_finished";
  seat?: number;
  text: string;
  totals: Array<number>;
  winners: Array<number>;
};
export type HouseRummySeedRevealedEvent = {
  kind: "seed_revealed";
  text: string;
  seedSource: "client" | "server";
  seedCommitment: string;
  seed: string;
  salt: string;
};
export type HouseRummyForfeitedEvent = {
  kind: "forfeited";
  seat: number;
  text: string;
  reason: "left" | "resigned" | "time";
};
export type HouseRummyEndedEvent = {
  kind: "ended";
  text: string;
  reason: "creator";
};
export type HouseRummyEvent = HouseRummyHandStartedEvent | HouseRummyHandDealtEvent | HouseRummyDrewEvent | HouseRummyDrewCardEvent | HouseRummyTookEvent | HouseRummyMeldedEvent | HouseRummyLaidOffEvent | HouseRummyMovedEvent | HouseRummyPotatoPlayedEvent | HouseRummyPotatoPassedEvent | HouseRummyPotatoKeptEvent | HouseRummyPlayedOutEvent | HouseRummyDiscardedEvent | HouseRummyWentOutEvent | HouseRummyClaimWindowEvent | HouseRummyClaimedEvent | HouseRummyPassedClaimEvent | HouseRummyRummyOnTheBoardEvent | HouseRummyDiscardActionEvent | HouseRummyFishedEvent | HouseRummyGoFishEvent | HouseRummyFishGivenEvent | HouseRummyFishCardEvent | HouseRummyExchangeStartedEvent | HouseRummyExchangeChosenEvent | HouseRummyExchangeDoneEvent | HouseRummyExchangedEvent | HouseRummySawHandEvent | HouseRummyHandShownEvent | HouseRummySearchedEvent | HouseRummySkippedEvent | HouseRummyTurnEvent | HouseRummyHandScoredEvent | HouseRummyMatchFinishedEvent | HouseRummySeedRevealedEvent | HouseRummyForfeitedEvent | HouseRummyEndedEvent;
export interface HouseRummyMoveArgs {
  "draw": Record<string, never>;
  "take": {
    pile: "0" | "1" | "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "2" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "3" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "39" | "4" | "40" | "41" | "42" | "43" | "44" | "45" | "46" | "47" | "48" | "49" | "5" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "6" | "7" | "8" | "9";
    count: "1" | "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "2" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "3" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "39" | "4" | "40" | "41" | "42" | "43" | "44" | "45" | "46" | "47" | "48" | "49" | "5" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "57" | "6" | "7" | "8" | "9";
  };
  "meld": {
    cards: Array<HouseRummyCard>;
  };
  "lay_off": {
    cards: Array<HouseRummyCard>;
    target: "0" | "0hi" | "0lo" | "1" | "10" | "10hi" | "10lo" | "11" | "11hi" | "11lo" | "12" | "12hi" | "12lo" | "13" | "13hi" | "13lo" | "14" | "14hi" | "14lo" | "15" | "15hi" | "15lo" | "16" | "16hi" | "16lo" | "17" | "17hi" | "17lo" | "18" | "18hi" | "18lo" | "19" | "19hi" | "19lo" | "1hi" | "1lo" | "2" | "20" | "20hi" | "20lo" | "21" | "21hi" | "21lo" | "22" | "22hi" | "22lo" | "23" | "23hi" | "23lo" | "24" | "24hi" | "24lo" | "25" | "25hi" | "25lo" | "26" | "26hi" | "26lo" | "27" | "27hi" | "27lo" | "2hi" | "2lo" | "3" | "3hi" | "3lo" | "4" | "4hi" | "4lo" | "5" | "5hi" | "5lo" | "6" | "6hi" | "6lo" | "7" | "7hi" | "7lo" | "8" | "8hi" | "8lo" | "9" | "9hi" | "9lo";
  };
  "move_card": {
    card: HouseRummyCard;
    target: "0" | "0hi" | "0lo" | "1" | "10" | "10hi" | "10lo" | "11" | "11hi" | "11lo" | "12" | "12hi" | "12lo" | "13" | "13hi" | "13lo" | "14" | "14hi" | "14lo" | "15" | "15hi" | "15lo" | "16" | "16hi" | "16lo" | "17" | "17hi" | "17lo" | "18" | "18hi" | "18lo" | "19" | "19hi" | "19lo" | "1hi" | "1lo" | "2" | "20" | "20hi" | "20lo" | "21" | "21hi" | "21lo" | "22" | "22hi" | "22lo" | "23" | "23hi" | "23lo" | "24" | "24hi" | "24lo" | "25" | "25hi" | "25lo" | "26" | "26hi" | "26lo" | "27" | "27hi" | "27lo" | "2hi" | "2lo" | "3" | "3hi" | "3lo" | "4" | "4hi" | "4lo" | "5" | "5hi" | "5lo" | "6" | "6hi" | "6lo" | "7" | "7hi" | "7lo" | "8" | "8hi" | "8lo" | "9" | "9hi" | "9lo";
  };
  "play_potato": Record<string, never>;
  "discard": {
    card: HouseRummyCard;
    pile: "0" | "1" | "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "2" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "3" | "30" | "31" | "32" | "33" | "34" | "35" | "36" | "37" | "38" | "39" | "4" | "40" | "41" | "42" | "43" | "44" | "45" | "46" | "47" | "48" | "49" | "5" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "6" | "7" | "8" | "9" | "new";
  };
  "pass_potato": {
    seat: "0" | "1" | "2" | "3" | "4" | "5";
  };
  "keep_potato": Record<string, never>;
  "claim": {
    target: "0" | "0hi" | "0lo" | "1" | "10" | "10hi" | "10lo" | "11" | "11hi" | "11lo" | "12" | "12hi" | "12lo" | "13" | "13hi" | "13lo" | "14" | "14hi" | "14lo" | "15" | "15hi" | "15lo" | "16" | "16hi" | "16lo" | "17" | "17hi" | "17lo" | "18" | "18hi" | "18lo" | "19" | "19hi" | "19lo" | "1hi" | "1lo" | "2" | "20" | "20hi" | "20lo" | "21" | "21hi" | "21lo" | "22" | "22hi" | "22lo" | "23" | "23hi" | "23lo" | "24" | "24hi" | "24lo" | "25" | "25hi" | "25lo" | "26" | "26hi" | "26lo" | "27" | "27hi" | "27lo" | "2hi" | "2lo" | "3" | "3hi" | "3lo" | "4" | "4hi" | "4lo" | "5" | "5hi" | "5lo" | "6" | "6hi" | "6lo" | "7" | "7hi" | "7lo" | "8" | "8hi" | "8lo" | "9" | "9hi" | "9lo";
  };
  "pass": Record<string, never>;
  "fish": {
    seat: "0" | "1" | "2" | "3" | "4" | "5";
    ask: "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "A" | "C" | "D" | "H" | "J" | "K" | "Q" | "S" | "T";
  };
  "give": {
    card: HouseRummyCard;
  };
  "see_hand": {
    seat: "0" | "1" | "2" | "3" | "4" | "5";
  };
  "exchange": {
    seat: "0" | "1" | "2" | "3" | "4" | "5";
  };
  "search": {
    card: HouseRummyCard;
  };
}
export type HouseRummyMove = { [K in keyof HouseRummyMoveArgs]: { kind: K; args: HouseRummyMoveArgs[K] } }[keyof HouseRummyMoveArgs];
export type HouseRummyScore = {
  totals: Array<number>;
  rounds: Array<{
    label: string;
    points: Array<number>;
    details: {
      reason: "played_out" | "stock_exhausted" | "went_out";
      seat: number | null;
      board: Array<number>;
      groupBonus: Array<number>;
      hand: Array<number>;
      explanations?: Array<{
        groups: Array<{
          group: number;
          kind: "run" | "set";
          cards: Array<HouseRummyCard>;
          multiplier: 1 | 2 | 4;
          points: number;
        }>;
        hotPotato: number;
        groupBonus: number;
        hand: Array<HouseRummyCard>;
        sponged: Array<HouseRummyCard>;
        handPoints: number;
        points: number;
      }>;
    };
  }>;
  finished: boolean;
  winners: Array<number>;
  details: {
    hands: number;
    forfeit?: {
      seat: number;
      reason: "left" | "resigned" | "time";
    };
    ended?: {
      reason: "creator";
    };
  };
};
/** The house_rummy types under short names: HouseRummy.Card, HouseRummy.View, HouseRummy.Event, ... */
export declare namespace HouseRummy {
  type Card = HouseRummyCard;
  type View = HouseRummyView;
  type Event = HouseRummyEvent;
  type MoveArgs = HouseRummyMoveArgs;
  type Move = HouseRummyMove;
  type Score = HouseRummyScore;
}

// ----- rummy_battle --------------------------------------------------------------------------------------------------

/** A Play Card or an Action Card. */
export type RummyBattleCard = "2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "Hoard" | "JC" | "JD" | "JH" | "JK" | "JS" | "KC" | "KD" | "KH" | "KS" | "LuckyDay" | "Pickpocket" | "QC" | "QD" | "QH" | "QS" | "Switcheroo" | "TC" | "TD" | "TH" | "TS" | "Thief";
export type RummyBattleView = {
  game: string;
  rulesVersion: number;
  players: number;
  seat: number | null;
  step: number;
  toAct: Array<number>;
  finished: boolean;
  options: Record<string, unknown>;
  phase: "draw" | "finished" | "lucky" | "play" | "react";
  round: number;
  rounds: number;
  dealer: number;
  turn: number;
  firstTurn: boolean;
  hand: Array<RummyBattleCard> | null;
  handCounts: Array<number>;
  stockCount: number;
  markerRevealed: boolean;
  cardsAboveMarker: number;
  discardPile: Array<"2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS">;
  actionPile: Array<"Hoard" | "LuckyDay" | "Pickpocket" | "Switcheroo" | "Thief">;
  groups: Array<{
    id: "g1" | "g10" | "g11" | "g12" | "g13" | "g14" | "g15" | "g16" | "g17" | "g18" | "g19" | "g2" | "g20" | "g21" | "g22" | "g23" | "g24" | "g25" | "g26" | "g27" | "g28" | "g29" | "g3" | "g30" | "g31" | "g32" | "g33" | "g34" | "g35" | "g36" | "g37" | "g38" | "g39" | "g4" | "g40" | "g41" | "g42" | "g43" | "g44" | "g45" | "g46" | "g47" | "g48" | "g49" | "g5" | "g50" | "g51" | "g52" | "g53" | "g54" | "g6" | "g7" | "g8" | "g9";
    owner: number;
    kind: "run" | "set";
    cards: Array<"2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JK=2C" | "JK=2D" | "JK=2H" | "JK=2S" | "JK=3C" | "JK=3D" | "JK=3H" | "JK=3S" | "JK=4C" | "JK=4D" | "JK=4H" | "JK=4S" | "JK=5C" | "JK=5D" | "JK=5H" | "JK=5S" | "JK=6C" | "JK=6D" | "JK=6H" | "JK=6S" | "JK=7C" | "JK=7D" | "JK=7H" | "JK=7S" | "JK=8C" | "JK=8D" | "JK=8H" | "JK=8S" | "JK=9C" | "JK=9D" | "JK=9H" | "JK=9S" | "JK=AC" | "JK=AD" | "JK=AH" | "JK=AS" | "JK=JC" | "JK=JD" | "JK=JH" | "JK=JS" | "JK=KC" | "JK=KD" | "JK=KH" | "JK=KS" | "JK=QC" | "JK=QD" | "JK=QH" | "JK=QS" | "JK=TC" | "JK=TD" | "JK=TH" | "JK=TS" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS">;
    by: string;
  }>;
  opened: Array<boolean>;
  secondChance: Array<boolean>;
  actionsPlayed: Array<number>;
  mustPlay: "2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS" | null;
  bonusDraws: number;
  pending: {
    action: "pickpocket" | "switcheroo" | "thief";
    by: number;
    victim: number;
    target: "" | "g1" | "g10" | "g11" | "g12" | "g13" | "g14" | "g15" | "g16" | "g17" | "g18" | "g19" | "g2" | "g20" | "g21" | "g22" | "g23" | "g24" | "g25" | "g26" | "g27" | "g28" | "g29" | "g3" | "g30" | "g31" | "g32" | "g33" | "g34" | "g35" | "g36" | "g37" | "g38" | "g39" | "g4" | "g40" | "g41" | "g42" | "g43" | "g44" | "g45" | "g46" | "g47" | "g48" | "g49" | "g5" | "g50" | "g51" | "g52" | "g53" | "g54" | "g6" | "g7" | "g8" | "g9";
  };
  luckyDay: {
    seat: number;
    seatsLeft: number;
  };
  outs: Array<number>;
  totals: Array<number>;
};
export type RummyBattleRoundStartedEvent = {
  kind: "round_started";
  seat?: number;
  text: string;
  round: number;
  dealer: number;
  firstPlayer: number;
  upCard: "2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS" | null;
  actionCardsReturned: number;
  stockCount: number;
  cardsAboveMarker: number;
  handCounts: Array<number>;
};
export type RummyBattleHandDealtEvent = {
  kind: "hand_dealt";
  seat: number;
  text: string;
  cards: Array<RummyBattleCard>;
};
export type RummyBattleDrewEvent = {
  kind: "drew";
  seat: number;
  text: string;
  count: number;
  cards?: Array<RummyBattleCard>;
};
export type RummyBattleTookEvent = {
  kind: "took";
  seat: number;
  text: string;
  cards: Array<"2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS">;
  mustPlayLast: boolean;
};
export type RummyBattleHoardedEvent = {
  kind: "hoarded";
  seat: number;
  text: string;
  cards: Array<"2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS">;
};
export type RummyBattleDrewBonusEvent = {
  kind: "drew_bonus";
  seat: number;
  text: string;
  count: number;
  cards?: Array<RummyBattleCard>;
};
export type RummyBattleMarkerRevealedEvent = {
  kind: "marker_revealed";
  seat?: number;
  text: string;
  stockCount: number;
};
export type RummyBattleMeldedEvent = {
  kind: "melded";
  seat: number;
  text: string;
  group: "g1" | "g10" | "g11" | "g12" | "g13" | "g14" | "g15" | "g16" | "g17" | "g18" | "g19" | "g2" | "g20" | "g21" | "g22" | "g23" | "g24" | "g25" | "g26" | "g27" | "g28" | "g29" | "g3" | "g30" | "g31" | "g32" | "g33" | "g34" | "g35" | "g36" | "g37" | "g38" | "g39" | "g4" | "g40" | "g41" | "g42" | "g43" | "g44" | "g45" | "g46" | "g47" | "g48" | "g49" | "g5" | "g50" | "g51" | "g52" | "g53" | "g54" | "g6" | "g7" | "g8" | "g9";
  meldKind: "run" | "set";
  cards: Array<"2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JK=2C" | "JK=2D" | "JK=2H" | "JK=2S" | "JK=3C" | "JK=3D" | "JK=3H" | "JK=3S" | "JK=4C" | "JK=4D" | "JK=4H" | "JK=4S" | "JK=5C" | "JK=5D" | "JK=5H" | "JK=5S" | "JK=6C" | "JK=6D" | "JK=6H" | "JK=6S" | "JK=7C" | "JK=7D" | "JK=7H" | "JK=7S" | "JK=8C" | "JK=8D" | "JK=8H" | "JK=8S" | "JK=9C" | "JK=9D" | "JK=9H" | "JK=9S" | "JK=AC" | "JK=AD" | "JK=AH" | "JK=AS" | "JK=JC" | "JK=JD" | "JK=JH" | "JK=JS" | "JK=KC" | "JK=KD" | "JK=KH" | "JK=KS" | "JK=QC" | "JK=QD" | "JK=QH" | "JK=QS" | "JK=TC" | "JK=TD" | "JK=TH" | "JK=TS" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS">;
};
export type RummyBattleLaidOffEvent = {
  kind: "laid_off";
  seat: number;
  text: string;
  group: "g1" | "g10" | "g11" | "g12" | "g13" | "g14" | "g15" | "g16" | "g17" | "g18" | "g19" | "g2" | "g20" | "g21" | "g22" | "g23" | "g24" | "g25" | "g26" | "g27" | "g28" | "g29" | "g3" | "g30" | "g31" | "g32" | "g33" | "g34" | "g35" | "g36" | "g37" | "g38" | "g39" | "g4" | "g40" | "g41" | "g42" | "g43" | "g44" | "g45" | "g46" | "g47" | "g48" | "g49" | "g5" | "g50" | "g51" | "g52" | "g53" | "g54" | "g6" | "g7" | "g8" | "g9";
  card: "2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JK=2C" | "JK=2D" | "JK=2H" | "JK=2S" | "JK=3C" | "JK=3D" | "JK=3H" | "JK=3S" | "JK=4C" | "JK=4D" | "JK=4H" | "JK=4S" | "JK=5C" | "JK=5D" | "JK=5H" | "JK=5S" | "JK=6C" | "JK=6D" | "JK=6H" | "JK=6S" | "JK=7C" | "JK=7D" | "JK=7H" | "JK=7S" | "JK=8C" | "JK=8D" | "JK=8H" | "JK=8S" | "JK=9C" | "JK=9D" | "JK=9H" | "JK=9S" | "JK=AC" | "JK=AD" | "JK=AH" | "JK=AS" | "JK=JC" | "JK=JD" | "JK=JH" | "JK=JS" | "JK=KC" | "JK=KD" | "JK=KH" | "JK=KS" | "JK=QC" | "JK=QD" | "JK=QH" | "JK=QS" | "JK=TC" | "JK=TD" | "JK=TH" | "JK=TS" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS";
  luckyDay: boolean;
};
export type RummyBattleDiscardedEvent = {
  kind: "discarded";
  seat: number;
  text: string;
  card: RummyBattleCard;
};
export type RummyBattleWentOutEvent = {
  kind: "went_out";
  seat: number;
  text: string;
  by: "discard" | "lucky_day" | "playing";
};
export type RummyBattleStockExhaustedEvent = {
  kind: "stock_exhausted";
  seat?: number;
  text: string;
};
export type RummyBattleActionPlayedEvent = {
  kind: "action_played";
  seat: number;
  text: string;
  card: "Hoard" | "LuckyDay" | "Pickpocket" | "Switcheroo" | "Thief";
  victim?: number;
  group?: "g1" | "g10" | "g11" | "g12" | "g13" | "g14" | "g15" | "g16" | "g17" | "g18" | "g19" | "g2" | "g20" | "g21" | "g22" | "g23" | "g24" | "g25" | "g26" | "g27" | "g28" | "g29" | "g3" | "g30" | "g31" | "g32" | "g33" | "g34" | "g35" | "g36" | "g37" | "g38" | "g39" | "g4" | "g40" | "g41" | "g42" | "g43" | "g44" | "g45" | "g46" | "g47" | "g48" | "g49" | "g5" | "g50" | "g51" | "g52" | "g53" | "g54" | "g6" | "g7" | "g8" | "g9";
};
export type RummyBattleAwaitingSecondChanceEvent = {
  kind: "awaiting_second_chance";
  seat: number;
  text: string;
  action: "pickpocket" | "switcheroo" | "thief";
};
export type RummyBattleSecondChanceEvent = {
  kind: "second_chance";
  seat: number;
  text: string;
  cancelled: "pickpocket" | "switcheroo" | "thief";
  by: number;
};
export type RummyBattleAcceptedEvent = {
  kind: "accepted";
  seat: number;
  text: string;
  action: "pickpocket" | "switcheroo" | "thief";
  by: number;
};
export type RummyBattlePickpocketedEvent = {
  kind: "pickpocketed";
  seat: number;
  text: string;
  victim: number;
  card?: RummyBattleCard;
};
export type RummyBattleSetStolenEvent = {
  kind: "set_stolen";
  seat: number;
  text: string;
  victim: number;
  group: "g1" | "g10" | "g11" | "g12" | "g13" | "g14" | "g15" | "g16" | "g17" | "g18" | "g19" | "g2" | "g20" | "g21" | "g22" | "g23" | "g24" | "g25" | "g26" | "g27" | "g28" | "g29" | "g3" | "g30" | "g31" | "g32" | "g33" | "g34" | "g35" | "g36" | "g37" | "g38" | "g39" | "g4" | "g40" | "g41" | "g42" | "g43" | "g44" | "g45" | "g46" | "g47" | "g48" | "g49" | "g5" | "g50" | "g51" | "g52" | "g53" | "g54" | "g6" | "g7" | "g8" | "g9";
};
export type RummyBattleHandsSwitchedEvent = {
  kind: "hands_switched";
  seat: number;
  text: string;
  victim: number;
  handCounts: Array<number>;
};
export type RummyBattleHandReceivedEvent = {
  kind: "hand_received";
  seat: number;
  text: string;
  cards: Array<RummyBattleCard>;
};
export type RummyBattlePassedEvent = {
  kind: "passed";
  seat: number;
  text: string;
};
export type RummyBattleRoundEndedEvent = {
  kind: "round_ended";
  seat?: number;
  text: string;
  round: number;
  ended: "out" | "stock";
  outs: Array<number>;
  markerRevealed: boolean;
  points: Array<number>;
  played: Array<number>;
  actions: Array<number>;
  inHand: Array<number>;
  bonus: Array<-100 | -50 | 0 | 10>;
  explanations: Array<{
    groups: Array<{
      group: number;
      kind: "run" | "set";
      cards: Array<RummyBattleCard>;
      points: number;
    }>;
    actionCards: number;
    actionPoints: number;
    hand: Array<RummyBattleCard>;
    handPoints: number;
    goingOut: -100 | -50 | 0 | 10;
    points: number;
  }>;
};
export type RummyBattleMatchFinishedEvent = {
  kind: "match_finished";
  seat?: number;
  text: string;
  totals: Array<number>;
  winners: Array<number>;
};
export type RummyBattleSeedRevealedEvent = {
  kind: "seed_revealed";
  text: string;
  seedSource: "client" | "server";
  seedCommitment: string;
  seed: string;
  salt: string;
};
export type RummyBattleForfeitedEvent = {
  kind: "forfeited";
  seat: number;
  text: string;
  reason: "left" | "resigned" | "time";
};
export type RummyBattleEndedEvent = {
  kind: "ended";
  text: string;
  reason: "creator";
};
export type RummyBattleEvent = RummyBattleRoundStartedEvent | RummyBattleHandDealtEvent | RummyBattleDrewEvent | RummyBattleTookEvent | RummyBattleHoardedEvent | RummyBattleDrewBonusEvent | RummyBattleMarkerRevealedEvent | RummyBattleMeldedEvent | RummyBattleLaidOffEvent | RummyBattleDiscardedEvent | RummyBattleWentOutEvent | RummyBattleStockExhaustedEvent | RummyBattleActionPlayedEvent | RummyBattleAwaitingSecondChanceEvent | RummyBattleSecondChanceEvent | RummyBattleAcceptedEvent | RummyBattlePickpocketedEvent | RummyBattleSetStolenEvent | RummyBattleHandsSwitchedEvent | RummyBattleHandReceivedEvent | RummyBattlePassedEvent | RummyBattleRoundEndedEvent | RummyBattleMatchFinishedEvent | RummyBattleSeedRevealedEvent | RummyBattleForfeitedEvent | RummyBattleEndedEvent;
export interface RummyBattleMoveArgs {
  "draw": Record<string, never>;
  "take": {
    count: string;
  };
  "hoard": {
    count: string;
  };
  "meld": {
    cards: Array<"2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JK=2C" | "JK=2D" | "JK=2H" | "JK=2S" | "JK=3C" | "JK=3D" | "JK=3H" | "JK=3S" | "JK=4C" | "JK=4D" | "JK=4H" | "JK=4S" | "JK=5C" | "JK=5D" | "JK=5H" | "JK=5S" | "JK=6C" | "JK=6D" | "JK=6H" | "JK=6S" | "JK=7C" | "JK=7D" | "JK=7H" | "JK=7S" | "JK=8C" | "JK=8D" | "JK=8H" | "JK=8S" | "JK=9C" | "JK=9D" | "JK=9H" | "JK=9S" | "JK=AC" | "JK=AD" | "JK=AH" | "JK=AS" | "JK=JC" | "JK=JD" | "JK=JH" | "JK=JS" | "JK=KC" | "JK=KD" | "JK=KH" | "JK=KS" | "JK=QC" | "JK=QD" | "JK=QH" | "JK=QS" | "JK=TC" | "JK=TD" | "JK=TH" | "JK=TS" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS">;
  };
  "lay_off": {
    group: "g1" | "g10" | "g11" | "g12" | "g13" | "g14" | "g15" | "g16" | "g17" | "g18" | "g19" | "g2" | "g20" | "g21" | "g22" | "g23" | "g24" | "g25" | "g26" | "g27" | "g28" | "g29" | "g3" | "g30" | "g31" | "g32" | "g33" | "g34" | "g35" | "g36" | "g37" | "g38" | "g39" | "g4" | "g40" | "g41" | "g42" | "g43" | "g44" | "g45" | "g46" | "g47" | "g48" | "g49" | "g5" | "g50" | "g51" | "g52" | "g53" | "g54" | "g6" | "g7" | "g8" | "g9";
    card: "2C" | "2D" | "2H" | "2S" | "3C" | "3D" | "3H" | "3S" | "4C" | "4D" | "4H" | "4S" | "5C" | "5D" | "5H" | "5S" | "6C" | "6D" | "6H" | "6S" | "7C" | "7D" | "7H" | "7S" | "8C" | "8D" | "8H" | "8S" | "9C" | "9D" | "9H" | "9S" | "AC" | "AD" | "AH" | "AS" | "JC" | "JD" | "JH" | "JK" | "JK=2C" | "JK=2D" | "JK=2H" | "JK=2S" | "JK=3C" | "JK=3D" | "JK=3H" | "JK=3S" | "JK=4C" | "JK=4D" | "JK=4H" | "JK=4S" | "JK=5C" | "JK=5D" | "JK=5H" | "JK=5S" | "JK=6C" | "JK=6D" | "JK=6H" | "JK=6S" | "JK=7C" | "JK=7D" | "JK=7H" | "JK=7S" | "JK=8C" | "JK=8D" | "JK=8H" | "JK=8S" | "JK=9C" | "JK=9D" | "JK=9H" | "JK=9S" | "JK=AC" | "JK=AD" | "JK=AH" | "JK=AS" | "JK=JC" | "JK=JD" | "JK=JH" | "JK=JS" | "JK=KC" | "JK=KD" | "JK=KH" | "JK=KS" | "JK=QC" | "JK=QD" | "JK=QH" | "JK=QS" | "JK=TC" | "JK=TD" | "JK=TH" | "JK=TS" | "JS" | "KC" | "KD" | "KH" | "KS" | "QC" | "QD" | "QH" | "QS" | "TC" | "TD" | "TH" | "TS";
  };
  "draw_bonus": Record<string, never>;
  "pickpocket": {
    seat: "0" | "1" | "2" | "3" | "4" | "5";
  };
  "thief": {
    group: "g1" | "g10" | "g11" | "g12" | "g13" | "g14" | "g15" | "g16" | "g17" | "g18" | "g19" | "g2" | "g20" | "g21" | "g22" | "g23" | "g24" | "g25" | "g26" | "g27" | "g28" | "g29" | "g3" | "g30" | "g31" | "g32" | "g33" | "g34" | "g35" | "g36" | "g37" | "g38" | "g39" | "g4" | "g40" | "g41" | "g42" | "g43" | "g44" | "g45" | "g46" | "g47" | "g48" | "g49" | "g5" | "g50" | "g51" | "g52" | "g53" | "g54" | "g6" | "g7" | "g8" | "g9";
  };
  "switcheroo": {
    seat: "0" | "1" | "2" | "3" | "4" | "5";
  };
  "lucky_day": Record<string, never>;
  "discard": {
    card: RummyBattleCard;
  };
  "second_chance": Record<string, never>;
  "accept": Record<string, never>;
  "pass": Record<string, never>;
}
export type RummyBattleMove = { [K in keyof RummyBattleMoveArgs]: { kind: K; args: RummyBattleMoveArgs[K] } }[keyof RummyBattleMoveArgs];
export type RummyBattleScore = {
  totals: Array<number>;
  rounds: Array<{
    label: string;
    points: Array<number>;
    details: {
      played: Array<number>;
      actionCards: Array<number>;
      inHand: Array<number>;
      goingOut: Array<-100 | -50 | 0 | 10>;
      outs: Array<number>;
      ended: "out" | "stock";
      markerRevealed: boolean;
      explanations?: Array<{
        groups: Array<{
          group: number;
          kind: "run" | "set";
          cards: Array<RummyBattleCard>;
          points: number;
        }>;
        actionCards: number;
        actionPoints: number;
        hand: Array<RummyBattleCard>;
        handPoints: number;
        goingOut: -100 | -50 | 0 | 10;
        points: number;
      }>;
    };
  }>;
  finished: boolean;
  winners: Array<number>;
  details: {
    forfeit?: {
      seat: number;
      reason: "left" | "resigned" | "time";
    };
    ended?: {
      reason: "creator";
    };
  };
};
/** The rummy_battle types under short names: RummyBattle.Card, RummyBattle.View, RummyBattle.Event, ... */
export declare namespace RummyBattle {
  type Card = RummyBattleCard;
  type View = RummyBattleView;
  type Event = RummyBattleEvent;
  type MoveArgs = RummyBattleMoveArgs;
  type Move = RummyBattleMove;
  type Score = RummyBattleScore;
}

/** The id of every game type. */
export type GameTypeId = "dracula" | "dragon_rummy" | "draw_blood" | "house_rummy" | "rummy_battle";
/** Each game type's Card type, by game type id. */
export interface GameCards {
  dracula: DraculaCard;
  dragon_rummy: DragonRummyCard;
  draw_blood: DrawBloodCard;
  house_rummy: HouseRummyCard;
  rummy_battle: RummyBattleCard;
}
/** Each game type's View type, by game type id. */
export interface GameViews {
  dracula: DraculaView;
  dragon_rummy: DragonRummyView;
  draw_blood: DrawBloodView;
  house_rummy: HouseRummyView;
  rummy_battle: RummyBattleView;
}
/** Each game type's Event type, by game type id. */
export interface GameEvents {
  dracula: DraculaEvent;
  dragon_rummy: DragonRummyEvent;
  draw_blood: DrawBloodEvent;
  house_rummy: HouseRummyEvent;
  rummy_battle: RummyBattleEvent;
}
/** Each game type's MoveArgs type, by game type id. */
export interface GameMoveArgs {
  dracula: DraculaMoveArgs;
  dragon_rummy: DragonRummyMoveArgs;
  draw_blood: DrawBloodMoveArgs;
  house_rummy: HouseRummyMoveArgs;
  rummy_battle: RummyBattleMoveArgs;
}
/** Each game type's Move type, by game type id. */
export interface GameMoves {
  dracula: DraculaMove;
  dragon_rummy: DragonRummyMove;
  draw_blood: DrawBloodMove;
  house_rummy: HouseRummyMove;
  rummy_battle: RummyBattleMove;
}
/** Each game type's Score type, by game type id. */
export interface GameScores {
  dracula: DraculaScore;
  dragon_rummy: DragonRummyScore;
  draw_blood: DrawBloodScore;
  house_rummy: HouseRummyScore;
  rummy_battle: RummyBattleScore;
}
/** Every kind of event of an API key's stream (WatchKeyEvents, GET /v1/key-events). */
export type KeyEventKind = "game_created" | "game_joined" | "your_turn" | "game_finished" | "game_in_progress" | "tournament_round" | "match_found";
/** Every kind of bot a seat can be given (the catalog's botKinds; mcts also takes a budget: mcts:500ms). */
export type BotKind = "random" | "greedy" | "mcts" | "easy" | "medium" | "hard";
/** The levels of play, weakest first (each game's GameType.levels, with their ratings). */
export type BotLevelName = "easy" | "medium" | "hard";
