"""The k8s/ manifests: every document parsed with PyYAML and validated against the Kubernetes JSON schemas
(kubernetes-validate, strict: unknown fields fail) for the oldest and newest versions we claim, then the wiring
that a schema cannot see: selectors, probes on the gRPC health port, REDIS_URL, autoscaling, disruption budget, and
the bot workers' Deployment (`cardengine bots` on the same Redis and key prefix, HTTP health probes)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import kubernetes_validate  # type: ignore[import-untyped]
import pytest
import yaml

from service.cli import build_parser
from tests.deploy.dockerfile import ROOT, read_stages

K8S = ROOT / "k8s"
KUSTOMIZATION = "kustomization.yaml"
KUBERNETES_VERSIONS = ("1.28.0", kubernetes_validate.latest_version())
Manifest = dict[str, Any]


def documents(path: Path) -> list[Manifest]:
    loaded = [document for document in yaml.safe_load_all(path.read_text()) if document is not None]
    for document in loaded:
        assert isinstance(document, dict), f"{path}: a document is not a mapping"
    return loaded


def manifest_files() -> list[Path]:
    return sorted(path for path in K8S.rglob("*.yaml") if path.name != KUSTOMIZATION)


def kustomize(folder: Path) -> list[Manifest]:
    """The resources a kustomization lists, followed through nested folders (kustomize's own transformations,
    labels and image tags, change no name, selector or port, so the checks below hold on its output too)."""
    (kustomization,) = documents(folder / KUSTOMIZATION)
    assert kustomization["kind"] == "Kustomization"
    resources: list[Manifest] = []
    for entry in kustomization["resources"]:
        target = (folder / entry).resolve()
        assert target.exists(), f"{folder / KUSTOMIZATION}: {entry} does not exist"
        resources += kustomize(target) if target.is_dir() else documents(target)
    return resources


def one(resources: list[Manifest], kind: str, name: str | None = None) -> Manifest:
    found = [r for r in resources if r["kind"] == kind and (name is None or r["metadata"]["name"] == name)]
    assert len(found) == 1, f"expected one {kind} {name or ''}, found {len(found)}"
    return found[0]


def pod_spec(workload: Manifest) -> Manifest:
    spec: Manifest = workload["spec"]["template"]["spec"]
    return spec


def labels_match(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(key) == value for key, value in selector.items())


def containers(workload: Manifest) -> Iterator[Manifest]:
    yield from pod_spec(workload)["containers"]


SELF_HOSTED = kustomize(K8S)
MANAGED = kustomize(K8S / "managed-redis")
DEPLOYMENT = one(SELF_HOSTED, "Deployment", "cardengine")
ENGINE = next(container for container in containers(DEPLOYMENT) if container["name"] == "cardengine")
PORTS = {port["name"]: port["containerPort"] for port in ENGINE["ports"]}
BOTS = one(SELF_HOSTED, "Deployment", "cardengine-bots")
(BOT_WORKER,) = containers(BOTS)


def subcommand_help(name: str) -> str:
    (parser,) = [
        choices[name]
        for action in build_parser()._actions
        if isinstance(choices := getattr(action, "choices", None), dict) and name in choices
    ]
    text: str = parser.format_help()
    return text


@pytest.mark.parametrize("path", manifest_files(), ids=lambda path: str(path.relative_to(K8S)))
def test_every_manifest_is_valid_kubernetes(path: Path) -> None:
    loaded = documents(path)
    assert loaded, f"{path} holds no document"
    for document in loaded:
        for field in ("apiVersion", "kind", "metadata"):
            assert field in document, f"{path}: a document has no {field}"
        assert document["metadata"].get("name"), f"{path}: a {document['kind']} has no metadata.name"
        assert "namespace" not in document["metadata"], "the installer picks the namespace"
        for version in KUBERNETES_VERSIONS:
            kubernetes_validate.validate(document, version, strict=True)


def test_every_manifest_belongs_to_a_kustomization() -> None:
    listed: set[Path] = set()
    for kustomization in K8S.rglob(KUSTOMIZATION):
        (document,) = documents(kustomization)
        listed |= {(kustomization.parent / entry).resolve() for entry in document["resources"]}
    assert set(manifest_files()) <= listed


def test_each_setup_has_its_parts_and_unique_names() -> None:
    for resources in (SELF_HOSTED, MANAGED):
        keys = [(resource["kind"], resource["metadata"]["name"]) for resource in resources]
        assert len(keys) == len(set(keys)), "two resources of one kind share a name"
        for kind in ("Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "ConfigMap"):
            assert any(resource["kind"] == kind for resource in resources), f"no {kind}"
        one(resources, "Secret", "cardengine-redis")
    one(SELF_HOSTED, "StatefulSet", "redis")
    assert not any(resource["kind"] == "StatefulSet" for resource in MANAGED), "a managed Redis runs no Redis here"


def test_the_engine_runs_several_replicas_selected_by_its_template_labels() -> None:
    spec = DEPLOYMENT["spec"]
    assert spec["replicas"] >= 2
    assert labels_match(spec["selector"]["matchLabels"], spec["template"]["metadata"]["labels"])
    assert spec["strategy"]["rollingUpdate"]["maxUnavailable"] == 0


def test_probes_use_grpc_health_on_the_grpc_port() -> None:
    assert set(PORTS) == {"grpc", "http"}
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert ENGINE[probe]["grpc"]["port"] == PORTS["grpc"], f"{probe} is not a gRPC health probe on the gRPC port"
    assert ENGINE["livenessProbe"]["failureThreshold"] >= ENGINE["readinessProbe"]["failureThreshold"], (
        "a pod stops taking traffic before it is restarted"
    )


def test_every_container_sets_requests_and_limits() -> None:
    for workload in (DEPLOYMENT, BOTS, one(SELF_HOSTED, "StatefulSet", "redis")):
        for container in containers(workload):
            for bound in ("requests", "limits"):
                assert {"cpu", "memory"} <= set(container["resources"][bound]), f"{container['name']}: {bound}"


@pytest.mark.parametrize(("workload", "container"), [(DEPLOYMENT, ENGINE), (BOTS, BOT_WORKER)], ids=["engine", "bots"])
def test_the_engine_runs_as_the_images_unprivileged_user(workload: Manifest, container: Manifest) -> None:
    security = pod_spec(workload)["securityContext"]
    image_user = read_stages()[-1].all("USER")[-1].arguments.split(":")[0]
    assert security["runAsNonRoot"] is True
    assert str(security["runAsUser"]) == image_user
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert container["securityContext"]["readOnlyRootFilesystem"] is True


def test_configuration_comes_from_the_configmap_and_matches_the_ports() -> None:
    sources = [source["configMapRef"]["name"] for source in ENGINE["envFrom"]]
    for resources in (SELF_HOSTED, MANAGED):
        for name in sources:
            config = one(resources, "ConfigMap", name)["data"]
            assert int(config["GRPC_PORT"]) == PORTS["grpc"]
            assert int(config["HTTP_PORT"]) == PORTS["http"]
            assert config["HOST"] == "0.0.0.0", "pods listen on every interface (serve's default is loopback)"
    exposed = {word for instruction in read_stages()[-1].all("EXPOSE") for word in instruction.words()}
    assert {str(port) for port in PORTS.values()} == exposed, "the container ports are the image's EXPOSEd ports"


def test_every_configuration_key_is_read_by_cardengine_serve() -> None:
    help_text = subcommand_help("serve")
    config = one(SELF_HOSTED, "ConfigMap", "cardengine-config")["data"]
    for key in [*config, "REDIS_URL"]:
        assert f"[{key}]" in help_text, f"`cardengine serve` reads no environment variable {key}"


def test_the_pod_stops_within_its_grace_period() -> None:
    config = one(SELF_HOSTED, "ConfigMap", "cardengine-config")["data"]
    pause = int(ENGINE["lifecycle"]["preStop"]["exec"]["command"][-1])
    assert pause + float(config["GRACE_SECONDS"]) < pod_spec(DEPLOYMENT)["terminationGracePeriodSeconds"]


def redis_url(resources: list[Manifest], container: Manifest = ENGINE) -> str:
    (variable,) = [variable for variable in container["env"] if variable["name"] == "REDIS_URL"]
    reference = variable["valueFrom"]["secretKeyRef"]
    secret = one(resources, "Secret", reference["name"])
    url: str = secret["stringData"][reference["key"]]
    return url


def test_redis_url_reaches_the_self_hosted_statefulset() -> None:
    url = urlsplit(redis_url(SELF_HOSTED))
    assert url.scheme == "redis"
    statefulset = one(SELF_HOSTED, "StatefulSet", "redis")
    headless = one(SELF_HOSTED, "Service", statefulset["spec"]["serviceName"])
    assert headless["spec"]["clusterIP"] == "None"
    assert url.hostname == f"{statefulset['metadata']['name']}-0.{headless['metadata']['name']}"
    assert url.port == headless["spec"]["ports"][0]["port"]
    labels = statefulset["spec"]["template"]["metadata"]["labels"]
    assert labels_match(statefulset["spec"]["selector"]["matchLabels"], labels)
    assert labels_match(headless["spec"]["selector"], labels)
    (redis,) = containers(statefulset)
    assert {port["containerPort"] for port in redis["ports"]} == {url.port}
    assert "readinessProbe" in redis and "livenessProbe" in redis
    assert statefulset["spec"]["volumeClaimTemplates"], "Redis keeps its data on a persistent volume"
    config = one(SELF_HOSTED, "ConfigMap", "redis-config")["data"]["redis.conf"]
    assert "maxmemory-policy noeviction" in config, "games are never evicted; they expire by their own TTL"
    assert "\ncluster-require-full-coverage no\n" in config, "a failing master must not stop the others (issue 30)"


def test_redis_url_of_a_managed_redis_is_a_secret_to_fill_in() -> None:
    url = urlsplit(redis_url(MANAGED))
    assert url.scheme in {"redis", "rediss"}
    assert url.hostname


NAMES = ("cardengine", "cardengine-bots")  # the Deployments that talk to Redis


def test_only_the_engine_and_its_bot_workers_reach_redis() -> None:
    policy = one(SELF_HOSTED, "NetworkPolicy", "redis")
    redis_labels = one(SELF_HOSTED, "StatefulSet", "redis")["spec"]["template"]["metadata"]["labels"]
    assert labels_match(policy["spec"]["podSelector"]["matchLabels"], redis_labels)
    (rule,) = policy["spec"]["ingress"]
    pods = {name: one(SELF_HOSTED, "Deployment", name)["spec"]["template"]["metadata"]["labels"] for name in NAMES}
    admitted = {
        name
        for source in rule["from"]
        for name, labels in pods.items()
        if labels_match(source["podSelector"]["matchLabels"], labels)
    }
    assert admitted == set(NAMES)
    for source in rule["from"]:
        assert any(labels_match(source["podSelector"]["matchLabels"], labels) for labels in pods.values())


def test_the_bot_workers_run_cardengine_bots_on_the_engines_redis_and_key_prefix() -> None:
    assert BOT_WORKER["args"] == ["bots"]
    assert BOT_WORKER["image"] == ENGINE["image"]
    for resources in (SELF_HOSTED, MANAGED):
        one(resources, "Deployment", "cardengine-bots")
        assert redis_url(resources, BOT_WORKER) == redis_url(resources), "the engine's Redis, from the same Secret"
    (source,) = BOT_WORKER["envFrom"]
    config = one(SELF_HOSTED, "ConfigMap", source["configMapRef"]["name"])["data"]
    engine_config = one(SELF_HOSTED, "ConfigMap", "cardengine-config")["data"]
    assert config["REDIS_KEY_PREFIX"] == engine_config["REDIS_KEY_PREFIX"], "the queue lives under the same prefix"
    help_text = subcommand_help("bots")
    for key in [*config, "REDIS_URL"]:
        assert f"[{key}]" in help_text, f"`cardengine bots` reads no environment variable {key}"
    assert int(config["BOT_WORKERS"]) >= 1
    assert float(config["GRACE_SECONDS"]) < pod_spec(BOTS)["terminationGracePeriodSeconds"]


def test_bot_seats_are_played_by_the_bot_workers_not_the_engine_pods() -> None:
    assert one(SELF_HOSTED, "ConfigMap", "cardengine-config")["data"]["BOT_WORKERS"] == "0"
    assert BOTS["spec"]["replicas"] >= 2, "a worker that dies leaves its games to the other"


def test_the_bot_workers_are_their_own_pods_probed_over_http_health() -> None:
    spec = BOTS["spec"]
    bot_labels = spec["template"]["metadata"]["labels"]
    engine_labels = DEPLOYMENT["spec"]["template"]["metadata"]["labels"]
    assert labels_match(spec["selector"]["matchLabels"], bot_labels)
    assert not labels_match(spec["selector"]["matchLabels"], engine_labels)
    assert not labels_match(DEPLOYMENT["spec"]["selector"]["matchLabels"], bot_labels)
    for resource in SELF_HOSTED:  # no Service, autoscaler or disruption budget of the engine takes bot pods
        selector = resource.get("spec", {}).get("selector", {})
        if resource["kind"] in {"Service", "PodDisruptionBudget"}:
            assert not labels_match(selector.get("matchLabels", selector), bot_labels)
    (source,) = BOT_WORKER["envFrom"]
    health_port = int(one(SELF_HOSTED, "ConfigMap", source["configMapRef"]["name"])["data"]["HEALTH_PORT"])
    ports = {port["name"]: port["containerPort"] for port in BOT_WORKER["ports"]}
    assert ports == {"health": health_port}
    paths = {"startupProbe": "/healthz", "readinessProbe": "/readyz", "livenessProbe": "/healthz"}
    for probe, path in paths.items():
        assert BOT_WORKER[probe]["httpGet"] == {"path": path, "port": "health"}
    assert BOT_WORKER["livenessProbe"]["failureThreshold"] >= BOT_WORKER["readinessProbe"]["failureThreshold"]


def test_services_route_grpc_and_http_to_the_engine() -> None:
    labels = DEPLOYMENT["spec"]["template"]["metadata"]["labels"]
    engine_services = [
        service
        for service in SELF_HOSTED
        if service["kind"] == "Service" and labels_match(service["spec"]["selector"], labels)
    ]
    routed = set()
    for service in engine_services:
        for port in service["spec"]["ports"]:
            assert port["targetPort"] in PORTS, f"{service['metadata']['name']}: targetPort {port['targetPort']}"
            routed.add(port["targetPort"])
    assert routed == {"grpc", "http"}
    main = one(SELF_HOSTED, "Service", "cardengine")
    assert {port["name"] for port in main["spec"]["ports"]} == {"grpc", "http"}


def test_the_autoscaler_scales_the_deployment_on_cpu() -> None:
    autoscaler = one(SELF_HOSTED, "HorizontalPodAutoscaler")
    assert autoscaler["apiVersion"] == "autoscaling/v2"
    target = autoscaler["spec"]["scaleTargetRef"]
    assert (target["apiVersion"], target["kind"], target["name"]) == ("apps/v1", "Deployment", "cardengine")
    spec = autoscaler["spec"]
    assert 2 <= DEPLOYMENT["spec"]["replicas"] <= spec["minReplicas"] < spec["maxReplicas"]
    (metric,) = spec["metrics"]
    assert metric["resource"]["name"] == "cpu"
    assert "cpu" in ENGINE["resources"]["requests"], "CPU utilization is measured against the request"


def test_the_disruption_budget_covers_the_engine_and_lets_drains_proceed() -> None:
    budget = one(SELF_HOSTED, "PodDisruptionBudget")
    assert labels_match(budget["spec"]["selector"]["matchLabels"], DEPLOYMENT["spec"]["template"]["metadata"]["labels"])
    if "maxUnavailable" in budget["spec"]:
        assert budget["spec"]["maxUnavailable"] >= 1
    else:
        assert budget["spec"]["minAvailable"] < DEPLOYMENT["spec"]["replicas"]
