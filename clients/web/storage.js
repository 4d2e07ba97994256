// What this browser remembers in localStorage, keyed by game id: the seat it plays (with its token, never in the
// URL sent to the server), the other seats' tokens to hand out after creating a game, and the player's settings.
// localStorage outlives the tab, so closing it does not lose the seat; another device takes it by a seat link.

function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch (_error) {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_error) {
    // A browser that refuses storage (private mode, full quota) still plays this page's session.
  }
}

/** Seat tokens: `{seat, token}` per game id. */
export const seats = {
  key(gameId) {
    return `cardengine.seat.${gameId}`;
  },
  get(gameId) {
    return read(this.key(gameId));
  },
  put(gameId, seat, token) {
    write(this.key(gameId), { seat, token });
  },
  forget(gameId) {
    localStorage.removeItem(this.key(gameId));
  },
};

/** The other human seats of a game this browser created: `[{role, seat, token}]` per game id. */
export const invites = {
  key(gameId) {
    return `cardengine.invites.${gameId}`;
  },
  get(gameId) {
    return read(this.key(gameId));
  },
  put(gameId, list) {
    write(this.key(gameId), list);
  },
};

const SETTING_DEFAULTS = { pace: "normal", handOrder: "dealt" };

/** The player's settings (the pace of opponents' moves, the hand's order), the same for every game. */
export const settings = {
  get(name) {
    const stored = read("cardengine.settings") || {};
    return stored[name] !== undefined ? stored[name] : SETTING_DEFAULTS[name];
  },
  put(name, value) {
    const stored = read("cardengine.settings") || {};
    stored[name] = value;
    write("cardengine.settings", stored);
  },
};
