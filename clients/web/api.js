// The public REST API of cardengine (docs/api.md, /openapi.json), nothing else. The seat token travels only as
// `Authorization: Bearer`, never in a URL; EventSource cannot send headers, so a seat follows its events with a
// short-lived stream ticket when the server offers them.

export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    super(error.message || `The server answered ${status}.`);
    this.status = status;
    this.code = error.code || `http/${status}`;
    this.details = error.details || {};
  }
}

export class Api {
  constructor(base) {
    this.base = (base || "").replace(/\/$/, "");
    this.features = null;
  }

  async request(method, path, { token, body, headers } = {}) {
    const init = { method, headers: { Accept: "application/json", ...(headers || {}) } };
    if (token) init.headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(this.base + path, init);
    const text = await response.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch (_error) {
      parsed = null;
    }
    if (!response.ok) throw new ApiError(response.status, parsed);
    return parsed;
  }

  /** What this server offers beyond the first API version, read from its OpenAPI document. */
  async detectFeatures() {
    if (this.features) return this.features;
    let doc = {};
    try {
      doc = await this.request("GET", "/openapi.json");
    } catch (_error) {
      doc = {};
    }
    const paths = doc.paths || {};
    const schemas = (doc.components && doc.components.schemas) || {};
    const create = schemas.CreateGameRequest || {};
    const createProps = create.properties || {};
    const seatSchemaText = JSON.stringify(createProps.seats || {}) + JSON.stringify(schemas);
    this.features = {
      streamTickets: Object.keys(paths).some((path) => /stream-tickets$/.test(path)),
      seats: "seats" in createProps,
      bots: "seats" in createProps && /"bot"/.test(seatSchemaText),
      lobby: "/v1/lobby" in paths,
      quickMatch: "/v1/matchmaking/tickets" in paths,
      ratings: "/v1/leaderboards/{gameType}" in paths,
    };
    return this.features;
  }

  gameTypes() {
    return this.request("GET", "/v1/game-types");
  }

  createGame(body) {
    return this.request("POST", "/v1/games", { body });
  }

  game(id, token) {
    return this.request("GET", `/v1/games/${encodeURIComponent(id)}`, { token });
  }

  moves(id, token) {
    return this.request("GET", `/v1/games/${encodeURIComponent(id)}/moves`, { token });
  }

  /** Hints: the seat's best `count` legal moves now, best first (`suggestions[]`: `move`, `visits`,
   * `expectedReward`), for `version` (docs/api.md "Hints"). */
  hints(id, token, count = 3) {
    return this.request("GET", `/v1/games/${encodeURIComponent(id)}/hints?count=${count}`, { token });
  }

  /** Review after the match, a page: the seat's decisions in a finished match (`decisions[]`: `version`, `made`,
   * `best`, `madeReward`, `bestReward`, `cost`, `rank`, `legalMoves`) and `nextPageToken` while more follow
   * (docs/api.md "Review after the match"). */
  review(id, token, pageToken = "") {
    const query = pageToken ? `?pageToken=${encodeURIComponent(pageToken)}` : "";
    return this.request("GET", `/v1/games/${encodeURIComponent(id)}/review${query}`, { token });
  }

  applyMove(id, token, move, expectedVersion) {
    const idempotencyKey = `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    return this.request("POST", `/v1/games/${encodeURIComponent(id)}/moves`, {
      token,
      body: { move, expectedVersion, idempotencyKey },
    });
  }

  score(id, token) {
    return this.request("GET", `/v1/games/${encodeURIComponent(id)}/score`, { token });
  }

  /** The caller's events after version `after` (all when absent), every page of them (servers that page the log
   * send `nextPageToken`). */
  async events(id, token, after) {
    const path = `/v1/games/${encodeURIComponent(id)}/events`;
    const first = await this.request("GET", after === undefined || after === null ? path : `${path}?after=${after}`,
      { token });
    const events = [...(first.events || [])];
    let answer = first;
    for (let pages = 0; answer.nextPageToken && pages < 1000; pages += 1) {
      answer = await this.request("GET", `${path}?pageToken=${encodeURIComponent(answer.nextPageToken)}`, { token });
      events.push(...(answer.events || []));
    }
    return { ...answer, events };
  }

  /** Trades an invitation code for its seat's token (once): `{seat: {seat, token}, game}`. */
  redeemInvitation(id, code) {
    return this.request("POST", `/v1/games/${encodeURIComponent(id)}/invitations/redeem`, { body: { code } });
  }

  /** The lobby (docs/api.md "Lobby"): one page of the games with an open seat, the longest waiting first:
   * `{games: [{gameId, gameType, players, openSeats, seatNames, bots, rated, ...}], nextPageToken}`. */
  openGames({ gameType, pageSize, pageToken } = {}) {
    const params = new URLSearchParams();
    if (gameType) params.set("gameType", gameType);
    if (pageSize) params.set("pageSize", String(pageSize));
    if (pageToken) params.set("pageToken", pageToken);
    const query = params.toString();
    return this.request("GET", query ? `/v1/lobby?${query}` : "/v1/lobby");
  }

  /** Takes an open seat (the lowest one) for `player`, shown to the table as `name`:
   * `{gameId, seat: {seat, token}, game}`; 422 `seat/taken` when another player took it first. */
  joinGame(id, player, name) {
    const body = { ...(player ? { player } : {}), ...(name ? { name } : {}) };
    return this.request("POST", `/v1/games/${encodeURIComponent(id)}/join`, { body });
  }

  /** Quick match (docs/api.md "Quick match"): a waiting ticket `{ticketId, state, ...}` for `gameType`, `players`,
   * `player`, `botFillAfterSeconds`. */
  createTicket(body) {
    return this.request("POST", "/v1/matchmaking/tickets", { body });
  }

  /** The ticket now: `state` "waiting", "matching", "matched" (with `gameId`, `seat`, `token`), "cancelled" or
   * "expired". */
  ticket(ticketId) {
    return this.request("GET", `/v1/matchmaking/tickets/${encodeURIComponent(ticketId)}`);
  }

  cancelTicket(ticketId) {
    return this.request("DELETE", `/v1/matchmaking/tickets/${encodeURIComponent(ticketId)}`);
  }

  /** The seat resigns (`reason` "resigned") or leaves ("left"): the match ends, every other seat wins. */
  resign(id, token, reason) {
    return this.request("POST", `/v1/games/${encodeURIComponent(id)}/resign`, { token, body: { reason } });
  }

  /** A new game from a finished one, same players and seats: this seat's `{gameId, seats: [{seat, token}]}`. */
  rematch(id, token) {
    return this.request("POST", `/v1/games/${encodeURIComponent(id)}/rematch`, { token, body: {} });
  }

  streamTicket(id, token) {
    return this.request("POST", `/v1/games/${encodeURIComponent(id)}/stream-tickets`, { token, body: {} });
  }

  /** The URL of the live event stream: a spectator's (no credential) or a seat's with its ticket. */
  streamUrl(id, after, ticket) {
    const params = new URLSearchParams({ follow: "true" });
    if (after !== undefined && after !== null) params.set("after", String(after));
    if (ticket) params.set("ticket", ticket);
    return `${this.base}/v1/games/${encodeURIComponent(id)}/events?${params}`;
  }
}
