"""The shape of the code, read from its source with ``ast`` (nothing is imported).

- No import cycle among the modules of engine/, service/ (but its generated protobuf code), clients/ and loadtests/:
  every import counts, at module level or inside a function, except those under ``if TYPE_CHECKING:`` (never run).
  ``from package import name`` is an import of ``package.name`` when that is a module, else of ``package``.
- The layers: engine/ imports none of service/, clients/, loadtests/; service/ none of clients/ or loadtests/;
  clients/ none of loadtests/.
- Sizes: no module over ``MAX_MODULE_LINES`` lines, no function over ``MAX_FUNCTION_LINES`` lines (from its ``def``
  to its last line), in those folders and scripts/*.py; data tables only are excepted, each named in
  ``DATA_TABLES`` with its reason.
- The rooms of service/ in order (``ROOMS``, top first; docs/architecture.md): a room imports only rooms below it,
  at run time or under ``TYPE_CHECKING``, so no two rooms import each other. Observability sits just under the
  runtime: the rooms below it never name it, they define hooks (``service/core/telemetry.py``,
  ``service/edges/telemetry.py``) that the runtime fills with it.
- loadtests/ uses only what service/ exports: no private name (``_x``) imported from it or read as an attribute, and
  no assignment to an attribute of anything imported from service/ (no monkeypatching of its internals).
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import TypeGuard

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "service", "clients", "loadtests")
SDK = ROOT / "clients" / "python" / "cardengine_client"
EXCLUDED = (ROOT / "service" / "generated", SDK / "games.py")  # generated code
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60

# package -> the packages it must not import
FORBIDDEN = {
    "engine": ("service", "clients", "loadtests"),
    "service": ("clients", "loadtests"),
    "clients": ("loadtests",),
}

# The rooms of service/, top first: each may import the rooms after it, none before it (nor the package itself).
ROOMS = (
    "cli",
    "runtime",
    "observability",
    "edges",
    "generated",
    "tournaments",
    "access",
    "bots",
    "webhooks",
    "matchmaking",
    "ratings",
    "core",
    "storage",
)

# Data tables allowed over the size limits, as "path" (a module) or "path::qualified.name" (a function), each with
# why it is a table. Keep it short: a table is literal data, not code that happens to be long.
DATA_TABLES: dict[str, str] = {}


@dataclass(frozen=True, slots=True)
class Import:
    target: str  # the module imported, as a dotted name of ours
    path: Path
    line: int
    type_checking: bool  # under ``if TYPE_CHECKING:``

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def python_files(folders: tuple[str, ...] = PACKAGES) -> list[Path]:
    files = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if not any(path.is_relative_to(excluded) for excluded in EXCLUDED):
                files.append(path)
    return files


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in python_files()}


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_nodes(tree: ast.AST, *, type_checking: bool = False) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement anywhere in ``tree``, with whether it sits under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, type_checking
        elif isinstance(child, ast.If) and is_type_checking(child.test):
            for statement in child.body:
                yield from import_nodes(ast.Module(body=[statement], type_ignores=[]), type_checking=True)
            for statement in child.orelse:
                yield from import_nodes(ast.Module(body=[statement], type_ignores=[]), type_checking=type_checking)
        else:
            yield from import_nodes(child, type_checking=type_checking)


def resolve_from(path: Path, node: ast.ImportFrom) -> str:
    """The absolute package or module a ``from X import ...`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def ours(name: str) -> str | None:
    """The module of ours that ``name`` is or lies in (the longest known prefix), None for another project's."""
    known = modules()
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in known:
            return candidate
    return None


@cache
def imports_of(path: Path) -> tuple[Import, ...]:
    found = []
    for node, type_checking in import_nodes(parsed(path)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            source = resolve_from(path, node)
            names = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules() else source for alias in node.names
            ]
        for name in names:
            target = ours(name)
            if target is not None:
                found.append(Import(target, path, node.lineno, type_checking))
    return tuple(found)


def import_graph() -> dict[str, dict[str, Import]]:
    """module -> {module it imports at run time: the first import statement that does}."""
    graph: dict[str, dict[str, Import]] = {name: {} for name in modules()}
    for name, path in modules().items():
        for found in imports_of(path):
            if not found.type_checking and found.target != name:
                graph[name].setdefault(found.target, found)
    return graph


def strongly_connected(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """Tarjan's components of more than one module (iterative: the graph may be deep)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return components


def shortest_cycle(graph: dict[str, dict[str, Import]], members: list[str]) -> list[str]:
    """The shortest cycle through the component's modules (breadth first from each), as modules in import order."""
    inside = set(members)
    best: list[str] = []
    for start in members:
        previous = {start: start}
        queue, last = deque([start]), None
        while queue and last is None:
            node = queue.popleft()
            for child in sorted(graph[node]):
                if child == start:
                    last = node
                    break
                if child in inside and child not in previous:
                    previous[child] = node
                    queue.append(child)
        if last is None:
            continue
        path = [last]
        while path[-1] != start:
            path.append(previous[path[-1]])
        if not best or len(path) + 1 < len(best):
            best = [*reversed(path), start]
    return best


def describe_cycle(graph: dict[str, dict[str, Import]], cycle: list[str]) -> str:
    steps = [f"  {a} -> {b}  ({graph[a][b].where})" for a, b in pairwise(cycle)]
    return "\n".join(steps)


def test_no_import_cycle() -> None:
    graph = import_graph()
    problems = []
    for members in strongly_connected(graph):
        cycle = shortest_cycle(graph, members)
        problems.append(
            f"cycle of {len(cycle) - 1} modules, in a group of {len(members)} that import each other round: "
            f"{' -> '.join(cycle)}\n{describe_cycle(graph, cycle)}\n  the group: {', '.join(members)}"
        )
    assert not problems, f"{len(problems)} import cycles:\n" + "\n".join(problems)


def test_layers_import_only_downward() -> None:
    problems = []
    for name, path in sorted(modules().items()):
        banned = FORBIDDEN.get(name.split(".")[0], ())
        for found in imports_of(path):
            line = f"{found.where}: {name} imports {found.target}"
            if found.target.split(".")[0] in banned and line not in problems:
                problems.append(line)
    assert not problems, "imports against the layers:\n" + "\n".join(problems)


def room_of(module: str) -> str | None:
    """The room of service/ that a dotted module name lies in (``service.core.moves``: ``core``), None for
    ``service`` itself and anything outside service/."""
    parts = module.split(".")
    return parts[1] if parts[0] == "service" and len(parts) > 1 else None


def room_imports() -> Iterator[tuple[str, str, str, str]]:
    """(room, room imported, where, the import) for every import that crosses from one room of service/ to
    another or to the package ``service`` itself; imports of the generated code are read from their names (its
    modules are not walked)."""
    for name, path in sorted(modules().items()):
        room = room_of(name)
        if room is None:
            continue
        for node, _ in import_nodes(parsed(path)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                source = resolve_from(path, node)
                targets = [f"{source}.{alias.name}" for alias in node.names]
            for target in targets:
                if target.split(".")[0] != "service":
                    continue
                other = room_of(target) or "service"
                if other != room:
                    yield room, other, f"{path.relative_to(ROOT)}:{node.lineno}", target


def rooms_against_the_order(crossings: Iterator[tuple[str, str, str, str]]) -> list[str]:
    problems = []
    for room, other, where, target in crossings:
        if room not in ROOMS:
            problems.append(f"{where}: the room {room} is not in ROOMS (place it in the order)")
        elif other not in ROOMS or ROOMS.index(other) <= ROOMS.index(room):
            problems.append(f"{where}: {room} imports {target}, of {other}, which is not below it")
    return problems


def test_the_rooms_of_service_import_only_downward() -> None:
    """The order of ``ROOMS`` holds, so no two rooms import each other (docs/architecture.md, "The rooms")."""
    rooms = {room for name in modules() if (room := room_of(name)) is not None}
    assert rooms <= set(ROOMS), f"rooms not placed in ROOMS: {sorted(rooms - set(ROOMS))}"
    problems = rooms_against_the_order(room_imports())
    assert not problems, f"{len(problems)} imports against the order of the rooms:\n" + "\n".join(problems)


def test_no_two_rooms_import_each_other() -> None:
    """Read from the imports alone (not from ``ROOMS``): no pair of rooms imports both ways."""
    pairs: dict[tuple[str, str], str] = {}
    for room, other, where, _ in room_imports():
        pairs.setdefault((room, other), where)
    both_ways = sorted(f"{a} <-> {b} ({pairs[a, b]}, {pairs[b, a]})" for a, b in pairs if a < b and (b, a) in pairs)
    assert not both_ways, "rooms that import each other:\n" + "\n".join(both_ways)


def test_the_room_check_sees_an_upward_import() -> None:
    crossings = iter(
        [
            ("core", "storage", "a.py:1", "service.storage.protocols"),
            ("storage", "core", "b.py:2", "service.core.errors"),
            ("core", "observability", "c.py:3", "service.observability.metrics"),
            ("edges", "service", "d.py:4", "service"),
            ("cli", "generated", "e.py:5", "service.generated"),
        ]
    )
    assert rooms_against_the_order(crossings) == [
        "b.py:2: storage imports service.core.errors, of core, which is not below it",
        "c.py:3: core imports service.observability.metrics, of observability, which is not below it",
        "d.py:4: edges imports service, of service, which is not below it",
    ]


def sized_files() -> list[Path]:
    return python_files() + sorted((ROOT / "scripts").glob("*.py"))


def functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function and method, nested ones included, with its qualified name (``Class.method``,
    ``outer.inner``)."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            yield prefix + child.name, child
            yield from functions(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.ClassDef):
            yield from functions(child, f"{prefix}{child.name}.")
        else:
            yield from functions(child, prefix)


def test_no_module_over_the_limit() -> None:
    problems = []
    for path in sized_files():
        relative = str(path.relative_to(ROOT))
        lines = len(path.read_text().splitlines())
        if lines > MAX_MODULE_LINES and relative not in DATA_TABLES:
            problems.append(f"{relative}: {lines} lines")
    assert not problems, f"modules over {MAX_MODULE_LINES} lines:\n" + "\n".join(problems)


def test_no_function_over_the_limit() -> None:
    problems = []
    for path in sized_files():
        relative = str(path.relative_to(ROOT))
        for name, node in functions(parsed(path)):
            assert node.end_lineno is not None
            lines = node.end_lineno - node.lineno + 1
            if lines > MAX_FUNCTION_LINES and f"{relative}::{name}" not in DATA_TABLES:
                problems.append(f"{relative}:{node.lineno} {name}: {lines} lines")
    assert not problems, f"{len(problems)} functions over {MAX_FUNCTION_LINES} lines:\n" + "\n".join(problems)


def test_the_data_tables_allowed_exist_and_are_over_the_limit() -> None:
    """An entry of ``DATA_TABLES`` that names nothing, or something back under the limit, is removed."""
    stale = []
    for entry in DATA_TABLES:
        relative, _, name = entry.partition("::")
        path = ROOT / relative
        if not path.exists():
            stale.append(f"{entry}: no such file")
        elif not name:
            if len(path.read_text().splitlines()) <= MAX_MODULE_LINES:
                stale.append(f"{entry}: not over {MAX_MODULE_LINES} lines")
        else:
            sizes = {
                found: node.end_lineno - node.lineno + 1
                for found, node in functions(parsed(path))
                if node.end_lineno is not None
            }
            if sizes.get(name, 0) <= MAX_FUNCTION_LINES:
                stale.append(f"{entry}: no such function over {MAX_FUNCTION_LINES} lines")
    assert not stale, "stale entries in DATA_TABLES:\n" + "\n".join(stale)


def is_private_attribute(node: ast.AST) -> TypeGuard[ast.Attribute]:
    """``x._name`` but for a class's own (``self._name``, ``cls._name``) and dunders."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
    )


def names_from_service(path: Path, tree: ast.Module) -> tuple[set[str], list[str]]:
    """The local names bound to something of service/, and the private ones among its imports."""
    bound: set[str] = set()
    private = []
    for statement, _ in import_nodes(tree):
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.name.split(".")[0] == "service":
                    bound.add(alias.asname or alias.name.split(".")[0])
                    if any(part.startswith("_") and not part.startswith("__") for part in alias.name.split(".")):
                        private.append(f"line {statement.lineno}: imports the private module {alias.name}")
        elif resolve_from(path, statement).split(".")[0] == "service":
            for alias in statement.names:
                bound.add(alias.asname or alias.name)
                if alias.name.startswith("_"):
                    private.append(f"line {statement.lineno}: imports the private name {alias.name}")
    return bound, private


def private_uses_of_service(path: Path) -> Iterator[str]:
    """What ``path`` takes of service/ beyond its public names: ``_x`` imported or read, attributes assigned."""
    tree = parsed(path)
    from_service, private = names_from_service(path, tree)
    yield from private
    for node in ast.walk(tree):
        if is_private_attribute(node):
            yield f"line {node.lineno}: reads the private attribute {ast.unparse(node)}"
        if not isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets: list[ast.expr] = []
        else:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            root = target
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(target, ast.Attribute) and isinstance(root, ast.Name) and root.id in from_service:
                yield f"line {target.lineno}: assigns {ast.unparse(target)} (something of service/)"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Name) and first.id in from_service:
                yield f"line {node.lineno}: setattr on {first.id} (something of service/)"


def test_loadtests_use_only_what_service_exports() -> None:
    problems = [
        f"{path.relative_to(ROOT)} {problem}"
        for path in python_files(("loadtests",))
        for problem in private_uses_of_service(path)
    ]
    assert not problems, "loadtests/ reaching into service/:\n" + "\n".join(problems)


def test_the_walker_finds_every_kind_of_import() -> None:
    """Function-level imports count, TYPE_CHECKING ones are marked; relative imports resolve against the package."""
    tree = ast.parse(
        "import a\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import b\nelse:\n    import c\n"
        "def f():\n    from . import d\n    class K:\n        import e\n"
    )
    found = {
        (node.names[0].name, type_checking)
        for node, type_checking in import_nodes(tree)
        if node.names[0].name != "TYPE_CHECKING"
    }
    assert found == {("a", False), ("b", True), ("c", False), ("d", False), ("e", False)}
    relative = ast.parse("from ..cards import Card\nfrom . import game").body
    assert isinstance(relative[0], ast.ImportFrom) and isinstance(relative[1], ast.ImportFrom)
    module = ROOT / "engine" / "games" / "dracula" / "flow.py"
    assert resolve_from(module, relative[0]) == "engine.games.cards"
    assert resolve_from(ROOT / "engine" / "games" / "dracula" / "__init__.py", relative[1]) == "engine.games.dracula"


def test_a_cycle_is_named_by_its_shortest_loop() -> None:
    def edge(target: str) -> Import:
        return Import(target, ROOT / "x.py", 1, type_checking=False)

    graph = {
        "a": {"b": edge("b")},
        "b": {"c": edge("c"), "a": edge("a")},
        "c": {"a": edge("a")},
        "d": {"a": edge("a")},
    }
    assert strongly_connected(graph) == [["a", "b", "c"]]
    assert shortest_cycle(graph, ["a", "b", "c"]) == ["a", "b", "a"]
    assert strongly_connected({"a": {"b": edge("b")}, "b": {}}) == []
