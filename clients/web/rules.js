// Each game's rules in short, for the table's Help (the full readings are docs/rules/<game>.md; this page has no
// build step, so the summary is written here and kept to what a player needs at the table).
// Keyed by game id, presentation only: a game the catalog lists and this page has no summary for shows its
// catalog description and special cards in Help (help.js).

export const RULES = {
  dracula: [
    "Two players build a 3 by 3 coffin of cards together; four players play in two partnerships.",
    "The first dealer declares a direction: across (the Queen's way) or down (the King's way). The other side " +
      "scores the other way for the whole match.",
    "Each deal gives four cards each and turns the first nail into the centre. In turn, place a card on an empty " +
      "cell next to a card already placed (side by side, not corner to corner) until all nine cells are full.",
    "Line values: Ace 1 to Ten 10, Jack 0; a Queen counts 10 across and 0 down, a King 10 down and 0 across.",
    "A line is doubled with two cards of one suit, trebled with three of one colour, multiplied by five with three " +
      "of one suit. A Vampire drains its row and column: those lines count nothing.",
    "Each side scores its best line (if both best lines are equal, the second best, then the third). After the " +
      "last deal the higher total adds the difference as a bonus.",
  ],
  dragon_rummy: [
    "Forty dragons, four of each of ten kinds. Two face-up cards name this hand's draw-2 dragon (left) and its " +
      "rare dragon (right).",
    "Start your turn by drawing from the deck, or take from the spread discard pile the card you want and every " +
      "card on top of it; the card you dug for must be played this turn.",
    "Play the draw-2 dragon to draw two cards, the rare dragon to take every other copy in play, a single dragon " +
      "to take one from someone's set of three, or sets of three or four of a kind.",
    "End the turn with a discard. Discarding your last card, or finishing the turn that drew the deck's last card, " +
      "ends the hand.",
    "Cards in your play area score: rare dragons 3, draw-2 dragons minus 1, other dragons 1. Hands go on until " +
      "someone reaches the target score.",
  ],
  draw_blood: [
    "Each turn starts with drawing one card (or picking up the whole discard pile). Then you have one move per live " +
      "Monster in your Monster Row: at least one, at most three.",
    "A move is: play a Monster, put a Kill card on an opponent's Monster, lay down or play off a Meld, use a triple " +
      "(three odd Skulls kill, three even Hearts revive), play an Immunity card, or discard (one per turn).",
    "A Meld needs at least one live Monster in your row. Killed Monsters give no move until revived.",
    "The hand ends when someone goes out or the draw pile runs out: Melds score for you, cards left in hand count " +
      "against you. The match ends when someone reaches the target score.",
  ],
  house_rummy: [
    "Draw the top card of the draw pile, or take any number of cards off the top of a discard pile; with two or " +
      "more taken, the bottom one must be played this turn.",
    "Lay sets (three or four of a rank) and runs (three or more of a suit in order; an Ace low or high, not both). " +
      "Play cards off anyone's groups; the cards stay yours for scoring.",
    "Discard one card to end your turn. A discard that fits a group on the board can be claimed: rummy on the board.",
    "With the New Card Rules, many cards have an ability (shown on each card) and five special cards join the deck: " +
      "among them the Transition, the Protected and the Hot Potato.",
    "Discarding your last card ends the hand: your cards on the board score for you, cards left in hands count " +
      "against their holders.",
  ],
  rummy_battle: [
    "Every player for himself, over several rounds. Draw from the stock or take from the discard pile, lay Runs and " +
      "Sets (Jokers are wild and stand for the card they replace), play off anyone's groups, then discard.",
    "Action Cards (Hoard, Pickpocket, Thief, Switcheroo, Lucky Day) attack or help; each player also holds one " +
      "2nd Chance card for the match. What each does is listed under Special cards below and on the card itself.",
    "A Marker sits in the stock: going out before it is revealed costs 100 points; after it, going out earns 10.",
    "Cards you played score for you, cards left in your hand count against you; the highest total after the last " +
      "round wins.",
  ],
};

// A word on the moves whose buttons alone say too little, shown above them.
export const MOVE_NOTES = {
  dracula: {
    declare: "Across (the Queen's way): you score the coffin's rows, where a Queen counts 10 and a King 0. Down " +
      "(the King's way): you score its columns, where a King counts 10 and a Queen 0. The other player scores the " +
      "other way for the whole match.",
  },
};
