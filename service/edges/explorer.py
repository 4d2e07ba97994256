"""The API explorer at ``/docs``: Swagger UI on this server's own ``/openapi.json``, with "Try it out" against the
same server.

Swagger UI's files come from an installed package, never from elsewhere: ``flask-swagger-ui`` (PyPI, MIT; it ships
Swagger UI's official ``dist`` files, Apache-2.0, and follows each Swagger UI release). Only its ``dist`` folder is
read; the package's own module, which imports Flask, is never imported. ``GET /docs`` is a page of this module that
loads those files from ``/docs/<file>`` and starts Swagger UI with ``docs/explorer.js`` (no inline script): the
document is ``openapi.json`` relative to the page, so the explorer and its "Try it out" stay on the origin (and the
path prefix of a proxy) that served the page, and the document's ``servers`` (``/``) points the calls there too.
Swagger UI's Authorize takes the document's security schemes: a seat token as bearer, an API key as ``x-api-key``.

Every answer of the explorer carries a Content-Security-Policy that lets the page load and call only its own origin
(``default-src 'none'``, scripts, styles, images and ``connect-src`` from ``'self'``; images also as ``data:``
URLs, which Swagger UI's stylesheet uses for its icons; inline styles, which Swagger UI sets), so nothing can be
fetched from elsewhere even by a link in a document; no framing, no referrer. Without the package, ``/docs`` answers
a 404 JSON error (code ``docs/not_installed``).
"""

from __future__ import annotations

import gzip
import importlib.util
import zlib
from functools import cache
from pathlib import Path

from service.core import errors
from service.core.errors import Status
from service.edges.compression import GZIP_LEVEL, GZIP_MIN_BYTES
from service.edges.http import Response, request
from service.edges.openapi_parts import Route, error_response, plain_response
from service.edges.web_files import ASSET_MAX_AGE_SECONDS, CONTENT_TYPES

PACKAGE = "flask_swagger_ui"  # its dist/ folder: Swagger UI's files (dist/VERSION names the Swagger UI release)
ASSETS = ("swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png", "favicon-16x16.png", "LICENSE")
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
PAGE = b"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>cardengine API explorer</title>
  <link rel="stylesheet" href="docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
  <link rel="icon" type="image/png" href="docs/favicon-16x16.png" sizes="16x16">
</head>
<body>
  <noscript>The API explorer needs JavaScript; the API is described at <a href="openapi.json">openapi.json</a>.
  </noscript>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/explorer.js"></script>
</body>
</html>
"""
# Swagger UI's settings: the document beside the page; no validator badge (it would call validator.swagger.io), no
# ?url= or ?configUrl= (another document), no top bar (it loads any URL); authorizations kept for the tab only. Large
# answers (the catalog: about 190 KB) are shown as plain text: highlighting one holds the page for seconds.
EXPLORER_JS = b"""\"use strict\";
const HIGHLIGHT_MAX_CHARS = 20000;
const PlainWhenLarge = (system) => ({
  wrapComponents: {
    SyntaxHighlighter: (Original) => (props) =>
      String(props.children ?? "").length > HIGHLIGHT_MAX_CHARS
        ? system.React.createElement(system.getComponent("PlainTextViewer"), null, props.children)
        : system.React.createElement(Original, props),
  },
});
window.addEventListener("load", () => {
  window.ui = SwaggerUIBundle({
    url: new URL("openapi.json", document.baseURI).href,
    dom_id: "#swagger-ui",
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [PlainWhenLarge],
    layout: "BaseLayout",
    deepLinking: true,
    validatorUrl: null,
    queryConfigEnabled: false,
    persistAuthorization: false,
    displayRequestDuration: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
  });
});
"""
EXPLORER_JS_NAME = "explorer.js"


def swagger_ui_folder() -> Path | None:
    """The installed package's folder of Swagger UI's files, found without importing the package (it imports Flask);
    None when it is not installed."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "dist"
    return folder if (folder / "swagger-ui-bundle.js").is_file() else None


@cache
def swagger_ui_version() -> str:
    """Swagger UI's release (``5.34.0``), from the package's dist/VERSION; empty when not installed."""
    folder = swagger_ui_folder()
    if folder is None or not (folder / "VERSION").is_file():
        return ""
    return (folder / "VERSION").read_text().strip().removeprefix("v")


def not_installed() -> errors.ServiceError:
    return errors.ServiceError(
        Status.NOT_FOUND,
        "docs/not_installed",
        f"The API explorer is not installed in this server (no Python package {PACKAGE}); the API is described at "
        "/openapi.json.",
    )


def secured(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    return response


def explorer_page() -> Response:
    if swagger_ui_folder() is None:
        raise not_installed()
    response = secured(Response(PAGE, content_type="text/html; charset=utf-8"))
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(f"page-{zlib.adler32(PAGE + EXPLORER_JS):08x}")
    response.make_conditional()
    return response


@cache
def asset(filename: str) -> tuple[bytes, bytes | None, str] | None:
    """A file of the explorer: its bytes, their gzip when it is worth it (the bundle: 1.7 MB, a quarter of that
    compressed), its ETag; read and compressed once per process (an installed package's files do not change). None
    when there is no such file."""
    folder = swagger_ui_folder()
    if filename == EXPLORER_JS_NAME:
        body, tag = EXPLORER_JS, f"js-{zlib.adler32(EXPLORER_JS):08x}"
    elif folder is not None and filename in ASSETS and (folder / filename).is_file():
        body, tag = (folder / filename).read_bytes(), f"{swagger_ui_version()}-{filename}"
    else:
        return None
    compressed = gzip.compress(body, GZIP_LEVEL, mtime=0) if len(body) >= GZIP_MIN_BYTES else None
    return body, compressed, tag


def explorer_file(filename: str) -> Response:
    """One of Swagger UI's files (``ASSETS``), or the page's script; gzip-compressed (``Vary: Accept-Encoding``, a
    weak ETag) for a client that accepts it when large."""
    if swagger_ui_folder() is None:
        raise not_installed()
    found = asset(filename)
    if found is None:
        raise errors.ServiceError(
            Status.NOT_FOUND, "http/404", f"No file '/docs/{filename}' here: the API explorer is at '/docs'."
        )
    body, compressed, tag = found
    content_type = CONTENT_TYPES.get(Path(filename).suffix.lower(), "text/plain")
    if content_type.startswith("text/"):
        content_type += "; charset=utf-8"
    response = secured(Response(body, content_type=content_type))
    response.headers["Cache-Control"] = f"public, max-age={ASSET_MAX_AGE_SECONDS}"
    response.set_etag(tag)
    if compressed is not None:
        response.add_vary("Accept-Encoding")
        if request.accepts_gzip():
            response.body = compressed
            response.headers["Content-Encoding"] = "gzip"
            response.set_etag(tag, weak=True)
    response.make_conditional()
    return response


ASSET = {
    "name": "path",
    "in": "path",
    "required": True,
    "description": f"A file of the API explorer: {', '.join((EXPLORER_JS_NAME, *ASSETS))}.",
    "schema": {"type": "string"},
}
NOT_INSTALLED = error_response(Status.NOT_FOUND, "The explorer is not installed (docs/not_installed).")
# Before the web table's catch-all ``/{path}``: of two paths with a ``{path}`` parameter, the REST app tries the
# first declared first (service.edges.rest.path_patterns keeps their order).
EXPLORER_ROUTES = (
    Route(
        method="GET",
        path="/docs",
        operation_id="ApiExplorer",
        summary="The API explorer: Swagger UI on this document (/openapi.json), with 'Try it out' against this "
        "server; its files are served by the server itself (nothing from elsewhere; a Content-Security-Policy keeps "
        "it to this origin).",
        view=explorer_page,
        responses={"200": plain_response("The explorer's page.", "text/html"), "404": NOT_INSTALLED},
    ),
    Route(
        method="GET",
        path="/docs/{path}",
        operation_id="ApiExplorerFile",
        summary="A file of the API explorer (Swagger UI's, from the installed package; ETag, Cache-Control "
        "max-age 300).",
        view=explorer_file,
        parameters=(ASSET,),
        responses={
            "200": {
                "description": "The file.",
                "content": {
                    media: {"schema": {"type": "string"}}
                    for media in ("text/css", "text/javascript", "image/png", "text/plain")
                },
            },
            "404": error_response(Status.NOT_FOUND, "No such file, or the explorer is not installed."),
        },
    ),
)
