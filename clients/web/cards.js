// Card faces drawn as SVG by the project (no images, no fonts from elsewhere): a standard card from its rank and
// suit, the games' own cards (Monsters, Dragons, Action cards, Jokers, Vampires...) as labelled faces.
//
// A card is described by the catalog's entry (`GET /v1/game-types` -> gameTypes[].cards[]: code, name, suit, rank,
// points, description) when the server sends one; without it the code alone is drawn and named by its code.

const SVG_NS = "http://www.w3.org/2000/svg";

const STANDARD_RANKS = "A23456789TJQK";
const STANDARD_SUITS = { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs" };
const SUIT_SYMBOLS = { Spades: "\u2660", Hearts: "\u2665", Diamonds: "\u2666", Clubs: "\u2663", Skulls: "\u2620" };
const RED_SUITS = new Set(["Hearts", "Diamonds"]);

// How the games' own cards look (kind, colour and shape): art direction of this frontend, not rules. Each special card
// of a game has its own shape as well as its own colour, so no two are told apart by colour alone. Names come from
// the catalog; a code missing here is drawn as a plain labelled card.
const SPECIAL_LOOKS = {
  VP: { kind: "Vampire", color: "#5b1a2e", shape: "fang" },
  VAMPIRE: { kind: "Monster", color: "#6b1f3a", shape: "fang" },
  WEREWOLF: { kind: "Monster", color: "#5a4a2a", shape: "crescent" },
  WATERMONSTER: { kind: "Monster", color: "#1f4f6b", shape: "hexagon" },
  KILL: { kind: "Kill", color: "#2b2b2b", shape: "cross" },
  COFFIN: { kind: "Immunity", color: "#4a3b5c", shape: "square" },
  FULLMOON: { kind: "Immunity", color: "#4a3b5c", shape: "circle" },
  WATER: { kind: "Immunity", color: "#4a3b5c", shape: "drop" },
  HOLYWATER: { kind: "Immunity", color: "#4a3b5c", shape: "drop" },
  JK: { kind: "Joker", color: "#7a3fa0", shape: "star" },
  Hoard: { kind: "Action", color: "#8a5a00", shape: "square" },
  Pickpocket: { kind: "Action", color: "#8a5a00", shape: "diamond" },
  Thief: { kind: "Action", color: "#8a5a00", shape: "triangle" },
  Switcheroo: { kind: "Action", color: "#8a5a00", shape: "hexagon" },
  LuckyDay: { kind: "Action", color: "#8a5a00", shape: "circle" },
  SecondChance: { kind: "2nd Chance", color: "#1f6b5a", shape: "heart" },
  TR: { kind: "Transition", color: "#2f6b4f", shape: "diamond" },
  PR: { kind: "Protected", color: "#2f4f8a", shape: "shield" },
  HP: { kind: "Hot Potato", color: "#a0401f", shape: "triangle" },
};
// Ten dragons: ten colours far apart and ten shapes (Jade and Emerald were two near greens).
const DRAGON_LOOKS = {
  AZ: { color: "#1f5fc4", shape: "circle" },
  BR: { color: "#8a5420", shape: "square" },
  CR: { color: "#b5162b", shape: "triangle" },
  EM: { color: "#0b6b38", shape: "diamond" },
  FR: { color: "#2b7f9e", shape: "cross" },
  GO: { color: "#8f7200", shape: "star" },
  JA: { color: "#5b7a12", shape: "hexagon" },
  ON: { color: "#2d2d35", shape: "pentagon" },
  SH: { color: "#5a3f7a", shape: "crescent" },
  ST: { color: "#4f5d75", shape: "bolt" },
};

/** Everything the page knows about one card code: catalog entry if any, else what the code itself says. */
export function describeCard(code, catalogCards, gameId) {
  const standsFor = /^([^=]+)=([^=]+)$/.exec(code);
  if (standsFor) {
    // A wild card on the table with the card it stands for, e.g. a Joker as the 6 of Clubs (`JK=6C`).
    const wild = describeCard(standsFor[1], catalogCards, gameId);
    const meant = describeCard(standsFor[2], catalogCards, gameId);
    const wildKind = wild.named ? wild.name : wild.kind || "Wild";
    return { ...wild, code, name: `${wild.name} as ${meant.name}`, named: wild.named, standsFor: meant,
      kind: wild.kind || wildKind,
      label: `${wildKind} as ${shortRank(meant.rank)}${SUIT_SYMBOLS[meant.suit] || ""}` };
  }
  const entry = catalogCards ? catalogCards.get(code) : undefined;
  const info = { code, name: entry && entry.name ? entry.name : code, named: Boolean(entry && entry.name) };
  if (entry) {
    info.suit = entry.suit;
    info.rank = entry.rank;
    info.points = entry.points;
    info.description = entry.description;
  }
  const standard = /^([A2-9TJQK])([SHDC])$/.exec(code);
  if (!info.suit && standard && gameId !== "draw_blood") {
    info.suit = STANDARD_SUITS[standard[2]];
    info.rank = standard[1] === "T" ? "10" : standard[1];
  }
  const blood = /^([1-9])([SH])$/.exec(code);
  if (!info.suit && blood && gameId === "draw_blood") {
    info.suit = blood[2] === "S" ? "Skulls" : "Hearts";
    info.rank = blood[1];
  }
  const look = SPECIAL_LOOKS[code];
  if (look) {
    Object.assign(info, look);
  } else if (gameId === "dragon_rummy") {
    Object.assign(info, { kind: "Dragon", color: "#555", shape: "circle" }, DRAGON_LOOKS[code] || {});
  }
  if (!info.suit) info.label = info.name;
  return info;
}

function shortRank(rank) {
  if (!rank) return "";
  const words = { Ace: "A", Jack: "J", Queen: "Q", King: "K", Ten: "10" };
  return words[rank] || String(rank);
}

function el(name, attributes, text) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An SVG element (60x84 view box) showing the face of `info` (from describeCard); null code: a card back. */
export function cardFace(info) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-face", "aria-hidden": "true", focusable: "false" });
  if (!info) {
    svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#24476b", stroke: "#0d2238" }));
    svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, fill: "none", stroke: "#8fb3d9",
      "stroke-dasharray": "3 2" }));
    return svg;
  }
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fffdf7", stroke: "#333" }));
  if (info.suit && SUIT_SYMBOLS[info.suit]) {
    const color = RED_SUITS.has(info.suit) ? "#c0182c" : "#1b1b1b";
    const symbol = SUIT_SYMBOLS[info.suit];
    const rank = shortRank(info.rank);
    svg.append(el("text", { x: 6, y: 17, "font-size": 14, "font-weight": "bold", fill: color }, rank));
    svg.append(el("text", { x: 6, y: 30, "font-size": 12, fill: color }, symbol));
    svg.append(el("text", { x: 30, y: 58, "font-size": 30, "text-anchor": "middle", fill: color }, symbol));
    svg.append(el("text", { x: 54, y: 78, "font-size": 14, "font-weight": "bold", "text-anchor": "end",
      fill: color }, rank));
    return svg;
  }
  const color = info.color || "#444";
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fffdf7", stroke: color,
    "stroke-width": 3 }));
  // The band carries the card's colour only: its name is the label under the picture, in text of 11 px or more
  // (words in a 60-unit picture would be smaller than that).
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 16, rx: 6, fill: color }));
  if (info.standsFor && info.standsFor.suit) {
    // A wild card on the table shows, large, the card it stands for (the Joker's "= 9♠" was tiny).
    const meant = info.standsFor;
    const meantColor = RED_SUITS.has(meant.suit) ? "#c0182c" : "#1b1b1b";
    svg.append(el("text", { x: 30, y: 46, "font-size": 20, "font-weight": "bold", "text-anchor": "middle",
      fill: meantColor }, shortRank(meant.rank)));
    svg.append(el("text", { x: 30, y: 72, "font-size": 24, "text-anchor": "middle", fill: meantColor },
      SUIT_SYMBOLS[meant.suit] || ""));
    return svg;
  }
  svg.append(shapeOf(info.shape || "circle", color));
  return svg;
}

const SHAPES = {
  circle: () => el("circle", { cx: 30, cy: 50, r: 19 }),
  square: () => el("rect", { x: 13, y: 33, width: 34, height: 34, rx: 3 }),
  diamond: () => el("polygon", { points: "30,28 51,50 30,72 9,50" }),
  triangle: () => el("polygon", { points: "30,28 52,70 8,70" }),
  fang: () => el("polygon", { points: "8,30 52,30 30,72" }),
  hexagon: () => el("polygon", { points: "19,31 41,31 52,50 41,69 19,69 8,50" }),
  pentagon: () => el("polygon", { points: "30,28 51,44 43,70 17,70 9,44" }),
  star: () => el("polygon", { points: "30,27 36,43 53,43 39,53 44,70 30,60 16,70 21,53 7,43 24,43" }),
  cross: () => el("polygon", { points: "24,29 36,29 36,44 51,44 51,56 36,56 36,71 24,71 24,56 9,56 9,44 24,44" }),
  crescent: () => el("path", { d: "M40 29 A21 21 0 0 0 40 71 A28 28 0 0 1 40 29 Z" }),
  bolt: () => el("polygon", { points: "34,27 14,53 28,53 22,73 46,44 32,44 40,27" }),
  heart: () => el("path", { d: "M30 70 L11 49 A10 10 0 0 1 30 36 A10 10 0 0 1 49 49 Z" }),
  shield: () => el("path", { d: "M12 31 L48 31 L48 49 C48 61 40 67 30 72 C20 67 12 61 12 49 Z" }),
  drop: () => el("path", { d: "M30 27 C38 41 48 50 48 58 A18 16 0 0 1 12 58 C12 50 22 41 30 27 Z" }),
};

function shapeOf(name, color) {
  const shape = (SHAPES[name] || SHAPES.circle)();
  shape.setAttribute("fill", color);
  shape.setAttribute("class", `shape shape-${name}`);
  return shape;
}
