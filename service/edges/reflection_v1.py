"""gRPC server reflection ``grpc.reflection.v1`` beside ``v1alpha``.

grpcio-reflection ships only the v1alpha service, but the two protocols are the same messages under another package
(``grpc/reflection/v1/reflection.proto`` is ``v1alpha/reflection.proto`` renamed), so they share one wire format.
This module registers the v1 file descriptor (built from the v1alpha one, so clients can also reflect on the v1
service itself) and serves ``/grpc.reflection.v1.ServerReflection/ServerReflectionInfo`` with the same servicer.
"""

from __future__ import annotations

from collections.abc import Sequence

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import FileDescriptor
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc

SERVICE_NAME = "grpc.reflection.v1.ServerReflection"
FILE_NAME = "grpc/reflection/v1/reflection.proto"
_ALPHA = "grpc.reflection.v1alpha"
_V1 = "grpc.reflection.v1"


def v1_file_descriptor() -> FileDescriptor:
    """The descriptor of ``grpc/reflection/v1/reflection.proto`` in the default pool (added on first use)."""
    pool = descriptor_pool.Default()
    try:
        return pool.FindFileByName(FILE_NAME)
    except KeyError:
        pass
    proto = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(proto)
    proto.name = FILE_NAME
    proto.package = _V1
    proto.ClearField("options")
    for message in proto.message_type:
        for field in message.field:
            if field.HasField("type_name"):
                field.type_name = field.type_name.replace(f".{_ALPHA}.", f".{_V1}.")
    for service in proto.service:
        for method in service.method:
            method.input_type = method.input_type.replace(f".{_ALPHA}.", f".{_V1}.")
            method.output_type = method.output_type.replace(f".{_ALPHA}.", f".{_V1}.")
    added: FileDescriptor = pool.AddSerializedFile(proto.SerializeToString())
    return added


def enable_server_reflection(service_names: Sequence[str], server: grpc.Server) -> None:
    """Serves reflection over both v1alpha and v1 for ``service_names`` (both reflection services are added)."""
    v1_file_descriptor()
    names = (*service_names, reflection.SERVICE_NAME, SERVICE_NAME)
    servicer = reflection.ReflectionServicer(names)
    reflection_pb2_grpc.add_ServerReflectionServicer_to_server(servicer, server)
    handler = grpc.method_handlers_generic_handler(
        SERVICE_NAME,
        {
            "ServerReflectionInfo": grpc.stream_stream_rpc_method_handler(
                servicer.ServerReflectionInfo,
                request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
                response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
            )
        },
    )
    server.add_generic_rpc_handlers((handler,))
