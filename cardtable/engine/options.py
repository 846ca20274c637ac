"""The `options:` section: the set-up choices a variant offers (starting chips, blind, a hand limit,
an optional rule...). Each option has a `default` and a `label`, and either `min`/`max` (a number),
`choices` (a list) or a true/false default. Elsewhere a number may be written `{option: NAME}`
and a step may carry `when: NAME` to run only while that option is on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .. import limits
from ..errors import Problem
from ..schema import AnyValue, Field, Int, ListOf, Map, MapOf, OneOf, Str, suggest, too_long
from ..yamlsrc import Node
from .types import Number, OptionValue

if TYPE_CHECKING:
    from ..variant import Variant

OPTION = Map(
    {
        "label": Str(),
        "default": Field(AnyValue(), True, "the value used unless the players choose another"),
        "min": Int(),
        "max": Int(),
        "choices": ListOf(OneOf(Int(), Str(longest=limits.OPTION_TEXT)), min_len=1),
        "help": Str(),
    },
    "an option",
)
SPEC = MapOf(OPTION, "options by name", max_len=limits.OPTIONS)


@dataclass(frozen=True)
class Option:
    name: str
    label: str
    default: OptionValue
    min: int | None = None
    max: int | None = None
    choices: tuple[OptionValue, ...] | None = None
    help: str = ""
    broken: bool = False  # its own definition has a problem: uses of it are not checked again

    def problem(self, value: object) -> str | None:
        """Why `value` is not acceptable for this option, or None."""
        if isinstance(self.default, bool):
            return None if isinstance(value, bool) else f"option '{self.name}' is true or false"
        if self.choices is not None:
            return (
                None if value in self.choices else f"option '{self.name}' must be one of {list(self.choices)}"
            )
        if isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                return f"option '{self.name}' must be a whole number"
            too_big = limits.number_problem(value, f"option '{self.name}'")
            if too_big:
                return too_big
            if self.min is not None and value < self.min:
                return f"option '{self.name}' must be at least {self.min}"
            if self.max is not None and value > self.max:
                return f"option '{self.name}' must be at most {self.max}"
        return None


def build(node: Node, variant: object, problems: list[Problem]) -> dict[str, Option]:
    out: dict[str, Option] = {}
    if len(node.value) > limits.OPTIONS:
        problems.append(
            node.problem(f"declares {len(node.value):,} options; at most {limits.OPTIONS} allowed")
        )
    for name, onode in node.value.items():
        o = onode.value
        if len(name) > limits.OPTION_NAME:
            problems.append(node.key_problem(name, f"the option's name {too_long(name, limits.OPTION_NAME)}"))
        default = o["default"].value
        opt = Option(
            name=name,
            label=str(o["label"].value) if "label" in o else name.replace("_", " "),
            default=default,
            min=o["min"].value if "min" in o else None,
            max=o["max"].value if "max" in o else None,
            choices=tuple(c.value for c in o["choices"].value) if "choices" in o else None,
            help=str(o["help"].value) if "help" in o else "",
        )
        why = _kind_problem(opt, o) or opt.problem(default)
        if why:
            problems.append(o["default"].problem(f"the default does not fit: {why}"))
            opt = replace(opt, broken=True)
        out[name] = opt
    return out


def _kind_problem(opt: Option, o: dict[str, Node]) -> str | None:
    """Why the option's kind is unclear: a default that is neither true/false, a whole number nor
    one of its choices, or min/max on an option that is not a number."""
    if opt.choices is not None:
        return None
    if isinstance(opt.default, bool):
        return "a true/false option takes no min or max" if "min" in o or "max" in o else None
    if not isinstance(opt.default, int):
        return "an option's default is true/false or a whole number (or one of its 'choices')"
    if opt.min is not None and opt.max is not None and opt.min > opt.max:
        return f"min ({opt.min}) is more than max ({opt.max})"
    return None


def is_number(opt: Option) -> bool:
    """The option holds a whole number (a number field may name it)."""
    values = opt.choices if opt.choices is not None else (opt.default,)
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def resolve_options(
    declared: dict[str, Option], chosen: Mapping[str, OptionValue] | None
) -> dict[str, OptionValue]:
    """The full option values of one game; raises ValueError on an unknown or unfit choice."""
    values = {name: o.default for name, o in declared.items()}
    for name, value in (chosen or {}).items():
        if name not in declared:
            raise ValueError(f"no option named '{name}'" + suggest(name, declared))
        why = declared[name].problem(value)
        if why:
            raise ValueError(why)
        values[name] = value
    return values


# A number in a section: a literal or {option: NAME}.
NUMBER = OneOf(
    Int(), Map({"option": Field(Str(what="an option name"), True)}, "{option: NAME}"), what="a number"
)


def number_problem(node: Node, variant: Variant, lo: int = 0) -> Problem | None:
    """A problem when a number field is below `lo`, or its {option: NAME} names no option, an
    option that is not a whole number, or one the players could set below `lo`."""
    if not node.is_map:
        return node.problem(f"must be at least {lo}, not {node.value}") if node.value < lo else None
    name = node.value["option"].value
    declared = variant.sections.get("options", {})
    if name not in declared:
        return node.problem(f"no option named '{name}'" + suggest(str(name), declared))
    opt = declared[name]
    if opt.broken:
        return None  # its own problem says why
    where: Node = node.value["option"]
    if not is_number(opt):
        kind = "true or false" if isinstance(opt.default, bool) else "not a whole number"
        return where.problem(f"option '{name}' is {kind}; a number is needed here")
    least = min(opt.choices) if opt.choices is not None else opt.min
    if least is None:
        return where.problem(f"option '{name}' needs a 'min' (at least {lo}): it is used as a number here")
    if isinstance(least, int) and least < lo:
        return where.problem(f"option '{name}' may be set to {least}, but this number must be at least {lo}")
    return None


def number_value(raw: Number, options: dict[str, OptionValue]) -> OptionValue:
    """The value of a number written either way, in one game."""
    if isinstance(raw, dict):
        return options[raw["option"]]
    return raw


def largest(node: Node, variant: Variant) -> int:
    """A number field's value, or for {option: NAME} the largest the players may choose."""
    if not node.is_map:
        return int(node.value)
    opt = variant.sections.get("options", {}).get(node.value["option"].value)
    if opt is None:
        return 0
    values = [v for v in (opt.max, opt.default, *(opt.choices or ())) if isinstance(v, int)]
    return max(values, default=0)
