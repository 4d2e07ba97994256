// The page's one client of the REST API. `?api=http://host:port` points the page at a server on another origin
// (which must allow this page's origin with CORS); without it the page talks to the server that served it.

import { Api } from "./api.js";

export const api = new Api(new URLSearchParams(location.search).get("api") || "");
