// What this tab remembers in sessionStorage, keyed by game id: the seat it plays (with its token, never in the URL)
// and the other seats' tokens to hand out after creating a game. Another tab, or a closed one, knows none of it.

/** Seat tokens: `{seat, token}` per game id. */
export const seats = {
  key(gameId) {
    return `cardengine.seat.${gameId}`;
  },
  get(gameId) {
    try {
      const raw = sessionStorage.getItem(this.key(gameId));
      return raw ? JSON.parse(raw) : null;
    } catch (_error) {
      return null;
    }
  },
  put(gameId, seat, token) {
    sessionStorage.setItem(this.key(gameId), JSON.stringify({ seat, token }));
  },
  forget(gameId) {
    sessionStorage.removeItem(this.key(gameId));
  },
};

/** The other human seats of a game this tab created: `[{role, seat, token}]` per game id. */
export const invites = {
  key(gameId) {
    return `cardengine.invites.${gameId}`;
  },
  get(gameId) {
    const raw = sessionStorage.getItem(this.key(gameId));
    if (!raw) return null;
    try {
      return JSON.parse(raw);
    } catch (_error) {
      return null;
    }
  },
  put(gameId, list) {
    sessionStorage.setItem(this.key(gameId), JSON.stringify(list));
  },
};
