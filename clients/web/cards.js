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

// How the games' own cards look (kind and colour): art direction of this frontend, not rules. Names come from the
// catalog; a code missing here is drawn as a plain labelled card.
const SPECIAL_LOOKS = {
  VP: { kind: "Vampire", color: "#5b1a2e" },
  VAMPIRE: { kind: "Monster", color: "#6b1f3a" },
  WEREWOLF: { kind: "Monster", color: "#5a4a2a" },
  WATERMONSTER: { kind: "Monster", color: "#1f4f6b" },
  KILL: { kind: "Kill", color: "#2b2b2b" },
  COFFIN: { kind: "Immunity", color: "#4a3b5c" },
  FULLMOON: { kind: "Immunity", color: "#4a3b5c" },
  HOLYWATER: { kind: "Immunity", color: "#4a3b5c" },
  JK: { kind: "Joker", color: "#7a3fa0" },
  Hoard: { kind: "Action", color: "#8a5a00" },
  Pickpocket: { kind: "Action", color: "#8a5a00" },
  Thief: { kind: "Action", color: "#8a5a00" },
  Switcheroo: { kind: "Action", color: "#8a5a00" },
  LuckyDay: { kind: "Action", color: "#8a5a00" },
  TR: { kind: "Transition", color: "#2f6b4f" },
  PR: { kind: "Protected", color: "#2f4f8a" },
  HP: { kind: "Hot Potato", color: "#a0401f" },
};
const DRAGON_COLORS = {
  AZ: "#2a6fdb", BR: "#a0652a", CR: "#b5162b", EM: "#138a4b", FR: "#6bb7d6",
  GO: "#c9a214", JA: "#3f9a6e", ON: "#2d2d35", SH: "#4b3f63", ST: "#56627a",
};

/** Everything the page knows about one card code: catalog entry if any, else what the code itself says. */
export function describeCard(code, catalogCards, gameId) {
  const standsFor = /^([^=]+)=([^=]+)$/.exec(code);
  if (standsFor) {
    // A wild card on the table with the card it stands for, e.g. a Joker as the 6 of Clubs (`JK=6C`).
    const wild = describeCard(standsFor[1], catalogCards, gameId);
    const meant = describeCard(standsFor[2], catalogCards, gameId);
    const wildKind = wild.named ? wild.name : wild.kind || "Wild";
    return { ...wild, code, name: `${wild.name} as ${meant.name}`, named: wild.named,
      kind: `${wildKind} = ${shortRank(meant.rank)}${SUIT_SYMBOLS[meant.suit] || ""}` };
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
    info.kind = look.kind;
    info.color = look.color;
  } else if (gameId === "dragon_rummy") {
    info.kind = "Dragon";
    info.color = DRAGON_COLORS[code] || "#555";
  }
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

function wrapWords(text, width) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + " " + word : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
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
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 18, rx: 6, fill: color }));
  svg.append(el("rect", { x: 1, y: 12, width: 58, height: 7, fill: color }));
  svg.append(el("text", { x: 30, y: 14, "font-size": 9, "text-anchor": "middle", fill: "#fff",
    "font-weight": "bold" }, info.kind || "Card"));
  svg.append(el("circle", { cx: 30, cy: 38, r: 12, fill: color, opacity: 0.85 }));
  const initials = info.named ? info.name.replace(/[^A-Za-z0-9 ]/g, "").split(/\s+/).map((w) => w[0]).join("")
    : info.code;
  svg.append(el("text", { x: 30, y: 42, "font-size": initials.length > 3 ? 7 : 11, "text-anchor": "middle",
    fill: "#fff", "font-weight": "bold" }, initials.slice(0, 5)));
  const lines = wrapWords(info.name, 11);
  lines.forEach((line, index) => {
    svg.append(el("text", { x: 30, y: 61 + index * 8, "font-size": 7.5, "text-anchor": "middle", fill: "#222" },
      line));
  });
  return svg;
}
