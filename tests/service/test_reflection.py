"""gRPC server reflection: grpc.reflection.v1 (what current grpcurl and Postman ask first) beside v1alpha."""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from grpc_reflection.v1alpha import reflection_pb2 as v1alpha

from tests.service.conftest import LiveServer

EXPECTED_SERVICES = {
    "cardengine.v1.GameEngine",
    "grpc.health.v1.Health",
    "grpc.reflection.v1.ServerReflection",
    "grpc.reflection.v1alpha.ServerReflection",
}


def v1_message(name: str) -> Any:
    """A message class of grpc.reflection.v1, built from its descriptor as a client without grpcio-reflection's v1
    module would (the server registers the descriptor in this same process, so the test looks it up there)."""
    return message_factory.GetMessageClass(
        descriptor_pool.Default().FindMessageTypeByName(f"grpc.reflection.v1.{name}")
    )


def ask(live: LiveServer, package: str, request_class: Any, response_class: Any, **fields: Any) -> Any:
    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        call = channel.stream_stream(
            f"/{package}.ServerReflection/ServerReflectionInfo",
            request_serializer=request_class.SerializeToString,
            response_deserializer=response_class.FromString,
        )
        return next(iter(call(iter([request_class(**fields)]), timeout=10)))


def test_v1_reflection_lists_the_services_and_describes_the_api(live: LiveServer) -> None:
    request, response = v1_message("ServerReflectionRequest"), v1_message("ServerReflectionResponse")
    listed = ask(live, "grpc.reflection.v1", request, response, list_services="")
    assert {service.name for service in listed.list_services_response.service} == EXPECTED_SERVICES
    found = ask(live, "grpc.reflection.v1", request, response, file_containing_symbol="cardengine.v1.GameEngine")
    files = [
        descriptor_pb2.FileDescriptorProto.FromString(raw)
        for raw in found.file_descriptor_response.file_descriptor_proto
    ]
    api = next(f for f in files if f.name == "cardengine/v1/game_engine.proto")
    assert "GameEngine" in [service.name for service in api.service]
    assert "CardInfo" in [message.name for message in api.message_type]
    reflected = ask(
        live, "grpc.reflection.v1", request, response, file_containing_symbol="grpc.reflection.v1.ServerReflection"
    )
    names = [
        descriptor_pb2.FileDescriptorProto.FromString(raw).name
        for raw in reflected.file_descriptor_response.file_descriptor_proto
    ]
    assert "grpc/reflection/v1/reflection.proto" in names


def test_v1alpha_reflection_still_answers(live: LiveServer) -> None:
    listed = ask(
        live,
        "grpc.reflection.v1alpha",
        v1alpha.ServerReflectionRequest,
        v1alpha.ServerReflectionResponse,
        list_services="",
    )
    assert {service.name for service in listed.list_services_response.service} == EXPECTED_SERVICES
