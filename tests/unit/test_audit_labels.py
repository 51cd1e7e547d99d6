"""Every audit action the program writes has a Portuguese label (services/audit_words.py), so the
prontuário's history and the audit screen never show a code such as 'backup.create'.

The actions are found in the source, not listed by hand: the action argument of each
`audit.record(...)` call and the "action" of each entry dict given to `audit.record_many`
(a dict with "action" and "entity" keys). Where the action is a parameter of the function
that records it, the literals its callers pass are followed (e.g. permits._change_status(...,
"suspend", ...) -> "permit.suspend"). The few call sites whose action comes from data (a
status chosen by the clerk, a proceeding's stage) are listed in DATA_DRIVEN with the values
taken from the code; a new call site of that kind fails this test until it is listed."""
from __future__ import annotations

import ast
import itertools
from pathlib import Path

import mototaxi_desk
from mototaxi_desk.services import audit_words
from mototaxi_desk.services.licensing import applications
from mototaxi_desk.services import permissions

PACKAGE = Path(mototaxi_desk.__file__).parent
# call site (module path, the action expression) -> the actions it writes
DATA_DRIVEN = {
    ("services/licensing/applications.py", "f'application.{to_status}'"):
        {f"application.{s}" for s in applications.STATUS_LABELS if s != "protocolado"},
    ("services/ledger/defences.py", "f'notice.{row.stage}_judge'"):
        {"notice.defence_judge", "notice.appeal_judge"},  # NoticeProceeding.stage
    ("services/ledger/defences.py", "f'notice.{stage_}_file'"):  # file_defence checks stage_
        {"notice.defence_file", "notice.appeal_file"},
    ("services/refusals.py", "f'refused:{action}'"):
        {f"refused:{key}" for key in permissions.PERMISSIONS},  # permissions.require's key
}


def _called_name(node: ast.Call) -> str | None:
    return node.func.attr if isinstance(node.func, ast.Attribute) else \
        getattr(node.func, "id", None)


def _is_record_call(node: ast.Call, module: str) -> bool:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr == "record" and isinstance(func.value, ast.Name) and \
            func.value.id == "audit"
    return isinstance(func, ast.Name) and func.id == "record" and \
        module == "services/audit.py"


class Finder:
    """Parses a module only when its text may hold an audit call or a caller looked for."""

    def __init__(self):
        self.texts = {path.relative_to(PACKAGE).as_posix(): path.read_text("utf-8")
                      for path in sorted(PACKAGE.rglob("*.py"))}
        self.trees: dict[str, ast.Module] = {}
        self.enclosing: dict[ast.AST, ast.FunctionDef | None] = {}  # innermost function
        self.calls: dict[str, dict[str, list[ast.Call]]] = {}  # module -> name -> calls
        self.actions: set[str] = set()
        self.unresolved: list[tuple[str, str]] = []

    def tree(self, module: str) -> ast.Module:
        if module not in self.trees:
            tree = self.trees[module] = ast.parse(self.texts[module])
            self._enclose(tree, None)
            calls = self.calls[module] = {}
            for node in ast.walk(tree):
                if isinstance(node, ast.Call):
                    calls.setdefault(_called_name(node), []).append(node)
        return self.trees[module]

    def callers(self, module: str, name: str):
        """The calls of function `name` (a private one: in its own module only)."""
        modules = [module] if name.startswith("_") else \
            [m for m, text in self.texts.items() if f"{name}(" in text]
        for caller_module in modules:
            self.tree(caller_module)
            for node in self.calls[caller_module].get(name, ()):
                yield caller_module, node

    def _enclose(self, node, function) -> None:
        for child in ast.iter_child_nodes(node):
            self.enclosing[child] = function
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else function
            self._enclose(child, inner)

    def _param_values(self, module: str, function, name: str, depth: int) -> set[str] | None:
        """The literals the callers of `function` pass for its parameter `name`."""
        args = function.args
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        keyword_only = [a.arg for a in args.kwonlyargs]
        if name not in positional and name not in keyword_only:
            return None
        values: set[str] = set()
        if name in keyword_only:  # a default is a value too
            default = args.kw_defaults[keyword_only.index(name)]
            if default is not None:
                found = self.resolve(module, default, depth + 1)
                if found is None:
                    return None
                values |= found
        callers = 0
        for caller_module, node in self.callers(module, function.name):
            given = next((k.value for k in node.keywords if k.arg == name), None)
            if given is None and name in positional:
                index = positional.index(name)
                if positional[0] in ("self", "cls") and isinstance(node.func, ast.Attribute):
                    index -= 1  # obj.method(...): the first argument is the next parameter
                given = node.args[index] if index < len(node.args) else None
            if given is None:
                continue
            callers += 1
            found = self.resolve(caller_module, given, depth + 1)
            if found is None:
                return None
            values |= found
        return values if callers or values else None

    def resolve(self, module: str, node: ast.AST, depth: int = 0) -> set[str] | None:
        """The strings an expression can be, or None when they come from data."""
        if depth > 6:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.IfExp):
            body, other = (self.resolve(module, node.body, depth),
                           self.resolve(module, node.orelse, depth))
            return None if body is None or other is None else body | other
        if isinstance(node, ast.Name):
            function = self.enclosing.get(node)
            return None if function is None else \
                self._param_values(module, function, node.id, depth)
        if isinstance(node, ast.JoinedStr):
            parts = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    parts.append({value.value})
                    continue
                if value.format_spec is not None or value.conversion != -1:
                    return None
                found = self.resolve(module, value.value, depth)
                if found is None:
                    return None
                parts.append(found)
            return {"".join(p) for p in itertools.product(*parts)}
        return None

    def run(self) -> None:
        for module, text in self.texts.items():
            if "record(" not in text and "record_many(" not in text:
                continue
            tree = self.tree(module)
            batched = module != "services/audit.py" and \
                "record_many" in self.calls[module]  # the entry dicts of a record_many call
            for node in ast.walk(tree):
                action = None
                if isinstance(node, ast.Call) and _is_record_call(node, module):
                    action = node.args[1] if len(node.args) > 1 else next(
                        (k.value for k in node.keywords if k.arg == "action"), None)
                elif batched and isinstance(node, ast.Dict):
                    keys = [k.value if isinstance(k, ast.Constant) else None
                            for k in node.keys]
                    if "action" in keys and "entity" in keys:
                        action = node.values[keys.index("action")]
                if action is None:
                    continue
                found = self.resolve(module, action)
                site = (module, ast.unparse(action))
                if found is None:
                    if site in DATA_DRIVEN:
                        found = DATA_DRIVEN[site]
                    else:
                        self.unresolved.append(site)
                        continue
                self.actions |= found


def _finder() -> Finder:
    finder = Finder()
    finder.run()
    return finder


def test_every_audit_action_written_by_the_code_has_a_portuguese_label():
    finder = _finder()
    assert not finder.unresolved, ("audit actions that come from data: list their values "
                                   f"in DATA_DRIVEN: {finder.unresolved}")
    # the finder sees what it must (a literal, a caller's literal, an f-string of a
    # parameter, a record_many entry, the data-driven ones)
    assert {"backup.create", "permit.suspend", "waiting_list.expire", "auxiliary.cassate",
            "notice.appeal_file", "sticker.issue", "import.create", "registro.selo",
            "application.deferido", "refused:permit.grant", "refused:cli.login"} \
        <= finder.actions
    unlabelled = sorted(a for a in finder.actions
                        if a not in audit_words.AUDIT_ACTIONS
                        and not audit_words.audit_action(a).startswith("Ação recusada: "))
    assert unlabelled == []


def test_refused_actions_read_as_the_permission_they_lacked():
    assert audit_words.audit_action("refused:permit.grant") == \
        "Ação recusada: outorgar permissões"
    assert audit_words.audit_action("refused:cli.login") == "Comando recusado: sem usuário"
    assert audit_words.audit_action("backup.create") == "Cópia de segurança feita"
    assert audit_words.audit_action("nada.visto") == "Nada: visto"  # a code no one labelled
