"""A variant: one YAML file, checked in two passes and built into plain objects.

Pass one checks the shape of every section against its spec; pass two builds each section in
order (deck first), each builder checking meaning and adding problems. Every problem of the file
is reported at once as one VariantError. A section is registered in SECTIONS with its spec and
builder; later sections see the earlier ones through the Variant being built.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import limits
from .deck import DECK, Deck, build_deck
from .deck.looks import look_alike_warning
from .errors import BrokenRules, Problem, VariantError
from .schema import AnyValue, Field, Int, Map, Spec, Str, check
from .yamlsrc import Node, load_text, read_text

MAX_PLAYERS = limits.PLAYERS


@dataclass(frozen=True)  # never changed once loaded: one object serves every screen (catalog.loaded)
class Variant:
    id: str
    path: str
    name: str
    description: str
    min_players: int
    max_players: int
    deck: Deck
    digest: str  # sha256 of the file's text: saves record it to notice a changed variant
    root: Node
    sections: dict[str, Any] = field(default_factory=dict)  # built hands, layout, phases...
    summary: str = ""  # how to play, in the designer's words, for what the phases cannot say
    deck_only: bool = False  # a deck to browse and share, with no game: never offered as one

    @property
    def warnings(self) -> list[Problem]:
        """What a designer probably did not mean, from every built section (legal, never errors)."""
        return list(self._warnings)

    @functools.cached_property
    def _warnings(self) -> tuple[Problem, ...]:
        """(Worked out once: a variant is never changed, and comparing a big deck's faces is slow.)"""
        found = [w for s in self.sections.values() for w in getattr(s, "warnings", ())]
        found += look_alike_warning(self.deck, self.root.value["deck"])
        return tuple(sorted(found, key=lambda p: (p.line, p.col)))

    def __getattr__(self, name: str) -> Any:
        sections = self.__dict__.get("sections", {})
        if name in sections:
            return sections[name]
        raise AttributeError(name)


Builder = Callable[[Node, Variant, list[Problem]], Any]


@dataclass
class Section:
    """A top-level section of a variant file: its shape and, when built, its builder.

    `module` names the module that owns it, imported on first use: it provides `SPEC` and
    `build(node, variant, problems)`. Without a module the section is kept as plain data.
    """

    name: str
    module: str | None = None
    required: bool = False
    doc: str = ""

    def spec(self) -> Spec:
        return getattr(self._module(), "SPEC", AnyValue()) if self.module else AnyValue()

    def builder(self) -> Builder | None:
        return getattr(self._module(), "build", None) if self.module else None

    def _module(self) -> Any:
        return importlib.import_module(self.module) if self.module else None


# The order matters: each builder may use what the ones before it built.
SECTIONS: list[Section] = [
    Section("layout", "cardtable.engine.layout", doc="the zones on the table"),
    Section("hands", "cardtable.hands.spec", doc="how hands are formed, valued and compared"),
    Section("options", "cardtable.engine.options", doc="choices offered when a game is set up"),
    Section("betting", "cardtable.engine.betting", doc="betting structure"),
    Section("phases", "cardtable.engine.phases", doc="the steps of play"),
]

PLAYERS = Map(
    {"min": Field(Int(1, MAX_PLAYERS), True), "max": Field(Int(1, MAX_PLAYERS), True)}, "player counts"
)
TOP_FIELDS: dict[str, Field] = {
    "name": Field(Str(longest=limits.VARIANT_NAME), required=True),
    "description": Field(Str()),
    "summary": Field(Str(), doc="how to play, in a few sentences, for the How to play page"),
    "players": Field(PLAYERS, doc="how many play; a file without it and without sections is a deck"),
    "deck": Field(DECK, required=True),
}


def text_digest(text: str) -> str:
    """A variant's digest: sha256 of its file's text followed by its bases' texts."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def top_spec() -> Map:
    fields = dict(TOP_FIELDS)
    for section in SECTIONS:
        fields[section.name] = Field(section.spec(), section.required, section.doc)
    return Map(fields, "a variant (a mapping of sections)")


def load_variant_text(text: str, path: str, variant_id: str | None = None) -> Variant:
    """Load a variant from its text; raises VariantError listing every problem."""
    root = load_text(text, path)
    if not (root.is_map and "extends" in root.value):
        return _load_tree(root, text, path, variant_id)
    from .extends import apply, said_in_own_file  # a file written as changes to another

    merged, bases = apply(root, path)
    try:
        return _load_tree(merged, text + bases, path, variant_id)  # the digest notices a changed base too
    except BrokenRules:
        raise
    except VariantError as exc:
        raise VariantError(said_in_own_file(exc.problems, merged, root, path, load_variant)) from None


def load_variant_files(files: list[tuple[str, str]], variant_id: str) -> Variant:
    """A variant sent whole (network play): its file's text first, then the texts of the bases it
    extends in order (`extends.chain_files`), each as (file name, text). No file is read; each text
    goes through the same loader and limits as a file; VariantError as `load_variant_text`."""
    from .extends import merge

    name, text = files[0]
    if len(files) == 1:
        return load_variant_text(text, name, variant_id)
    trees = [load_text(t, n) for n, t in files]
    merged = trees[-1]
    for tree in reversed(trees[:-1]):
        if not (tree.is_map and merged.is_map):
            raise VariantError([Problem(name, tree.line, tree.col, "an extended variant is not a mapping")])
        own = {k: v for k, v in tree.value.items() if k != "extends"}
        merged = merge(merged, Node(own, tree.line, tree.col, tree.path, tree.keys))
    return _load_tree(merged, "".join(t for _, t in files), name, variant_id)


def _load_tree(root: Node, text: str, path: str, variant_id: str | None) -> Variant:
    problems = check(top_spec(), root)
    why = limits.variant_id_problem(variant_id or Path(path).stem)
    if why:  # a save names its game by this id: it must be one a save can hold
        problems.insert(0, Problem(path, 1, 1, f"the file's name {why}"))
    if problems:
        raise VariantError(problems)
    data = root.value
    game_parts = [k for k in ("players", *(s.name for s in SECTIONS)) if k in data]
    if game_parts and "players" not in data:
        problems.append(
            root.problem(
                f"missing 'players' (a file with '{game_parts[0]}' is a game; a deck-only file has no sections)"
            )
        )
        raise VariantError(problems)
    lo, hi = 0, 0
    if game_parts:
        players = data["players"].value
        lo, hi = players["min"].value, players["max"].value
        if lo > hi:
            problems.append(data["players"].problem(f"min players ({lo}) is more than max ({hi})"))
    deck = build_deck(data["deck"], problems)
    if deck is None or problems:
        raise VariantError(problems or [data["deck"].problem("the deck could not be built")])
    variant = Variant(
        id=variant_id or Path(path).stem,
        path=path,
        name=str(data["name"].value),
        description=str(data["description"].value) if "description" in data else "",
        min_players=lo,
        max_players=hi,
        deck=deck,
        digest=text_digest(text),
        root=root,
        summary=str(data["summary"].value).strip() if "summary" in data else "",
        deck_only=not game_parts,
    )
    broken = False
    for section in SECTIONS:
        node = data.get(section.name)
        if node is None:
            continue
        build = section.builder()
        before = len(problems)
        try:
            built = build(node, variant, problems) if build else node.plain()
        except Exception:
            if not broken:
                raise
            continue  # it tripped over an earlier broken section, whose problem says why
        # Kept even when it has problems, so later sections find the names it declares and do not
        # repeat its mistake as errors of their own (no cascades); the variant is refused anyway.
        if built is not None:
            variant.sections[section.name] = built
        broken = broken or len(problems) > before
    if problems:
        raise VariantError(problems)
    _offer_ranking(variant)
    return variant


def _offer_ranking(variant: Variant) -> None:
    """Every variant that ranks hands offers its ranking as published, by true frequency or, where
    every category can be counted exactly, by exact odds (hands/ranking*.py), as an option chosen
    at New game: `ranking`. A variant may declare the option to choose its default (its choices
    are always the rankings it can have)."""
    from .engine.options import Option
    from .hands.ranking import offered

    if "phases" not in variant.sections:
        return
    choices = offered(variant)
    if len(choices) < 2:
        return
    options = variant.sections.setdefault("options", {})
    declared = options.get("ranking")
    default = declared.default if declared is not None else choices[0]
    if default not in choices:
        raise VariantError(
            [
                Problem(
                    variant.path,
                    0,
                    0,
                    f"ranking '{default}' is not offered here; choose one of {list(choices)}",
                )
            ]
        )
    options["ranking"] = Option(
        "ranking",
        "Hand ranking",
        default,
        choices=choices,
        help="which hands beat which: see the rules page",
    )


def load_variant(path: str | Path) -> Variant:
    """Load a variant file."""
    path = str(path)
    return load_variant_text(read_text(path), path)
