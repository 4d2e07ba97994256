# syntax=docker/dockerfile:1
# cardengine: the rules engine behind gRPC and REST. Two stages: the first builds the project's wheel and installs
# it with its dependencies into a virtualenv; the second copies only that virtualenv onto a slim Python and runs
# `cardengine serve` as an unprivileged user. Configuration comes from the environment (see k8s/configmap.yaml):
#   HOST (0.0.0.0 here: `cardengine serve` alone binds 127.0.0.1 without a Redis URL), GRPC_PORT (50051),
#   HTTP_PORT (8080), REDIS_URL (unset: the embedded in-memory store, for one replica only),
#   GAME_TTL_SECONDS, FINISHED_GAME_TTL_SECONDS, GRPC_WORKERS, HTTP_THREADS, GRACE_SECONDS, LOG_LEVEL.
# Build and run:  docker build -t cardengine:0.1.0 .     (--build-arg ENGINE=compiled: the mypyc-compiled engine)
#                 docker run --rm -p 50051:50051 -p 8080:8080 -e REDIS_URL=redis://redis:6379/0 cardengine:0.1.0

ARG PYTHON_IMAGE=python:3.11-slim-bookworm

FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine/ engine/
COPY service/ service/
COPY clients/ clients/
# Extras installed with the wheel: `tracing` (OpenTelemetry, used only when an OTLP endpoint is configured);
# --build-arg EXTRAS= builds without them.
ARG EXTRAS=tracing
RUN python -m pip wheel --no-deps --wheel-dir /dist . \
    && python -m venv /opt/cardengine \
    && /opt/cardengine/bin/pip install "$(echo /dist/cardengine-*.whl)${EXTRAS:+[$EXTRAS]}" \
    && /opt/cardengine/bin/cardengine games
# The engine: pure Python by default; --build-arg ENGINE=compiled compiles its per-step modules with mypyc in the
# virtualenv (scripts/compile_engine.py: a C compiler and mypy in this stage only, none of it in the image), checks
# that the compiled engine is the one imported and plays a match of every game with it. `cardengine serve` names it
# in its "serving" line. Measured gains: docs/performance.md.
ARG ENGINE=pure
ARG MYPY_VERSION=2.4.1
COPY scripts/compile_engine.py /src/scripts/compile_engine.py
# (gcc is the base image's Debian release's own: pinning its exact version would break with every point release.)
# hadolint ignore=DL3008
RUN if [ "$ENGINE" = compiled ]; then \
        apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev && rm -rf /var/lib/apt/lists/* \
        && python -m venv /opt/build-tools \
        && /opt/build-tools/bin/pip install "mypy==${MYPY_VERSION}" setuptools \
        && /opt/build-tools/bin/python /src/scripts/compile_engine.py \
           "$(/opt/cardengine/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')" \
           --python-executable /opt/cardengine/bin/python \
        && /opt/cardengine/bin/python -P -c 'from service.runtime.engine_build import engine_kind; assert engine_kind() == "compiled"' \
        && for game in $(/opt/cardengine/bin/python -P -c 'import engine; print(*(g.id for g in engine.all_games()))'); do \
               /opt/cardengine/bin/cardengine play --game "$game" > /dev/null || exit 1; done; \
    elif [ "$ENGINE" != pure ]; then echo "ENGINE must be pure or compiled, not '$ENGINE'" >&2; exit 1; fi

FROM ${PYTHON_IMAGE} AS runtime
LABEL org.opencontainers.image.title="cardengine" \
      org.opencontainers.image.description="A stateless card-game rules engine served over gRPC and REST/JSON" \
      org.opencontainers.image.licenses="Apache-2.0"
RUN groupadd --system --gid 10001 cardengine \
    && useradd --system --uid 10001 --gid cardengine --no-create-home --home-dir /nonexistent \
       --shell /usr/sbin/nologin cardengine
COPY --from=build /opt/cardengine /opt/cardengine
ENV PATH=/opt/cardengine/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    HOST=0.0.0.0 \
    GRPC_PORT=50051 \
    HTTP_PORT=8080
USER 10001:10001
WORKDIR /tmp
EXPOSE 50051 8080
# Liveness of the REST side (the gRPC side has its own standard health service, used by the k8s probes).
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('HTTP_PORT', '8080') + '/healthz', timeout=2)"]
# `cardengine serve` reads its configuration from the environment (GRPC_PORT, HTTP_PORT, REDIS_URL, GAME_TTL_SECONDS,
# ...: `cardengine serve --help` lists them); exec form, so the server is PID 1 and receives SIGTERM itself.
ENTRYPOINT ["cardengine"]
CMD ["serve"]
