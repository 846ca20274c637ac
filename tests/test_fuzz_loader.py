"""The loader only ever raises its own error type, whatever it is fed."""

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_text import ANY_CHARACTER

from cardtable.errors import VariantError
from cardtable.variant import Variant, load_variant_text

ROOT = Path(__file__).resolve().parent.parent
SEVENDECK = (ROOT / "variants" / "sevendeck_poker.yaml").read_text()
SIGILIAN = (ROOT / "variants" / "sigilian_poker.yaml").read_text()


def _load(text: str) -> None:
    try:
        result = load_variant_text(text, "fuzz.yaml")
    except VariantError as exc:
        assert exc.problems, "a VariantError must carry at least one problem"
        for p in exc.problems:
            assert p.path == "fuzz.yaml" and p.message
        return
    assert isinstance(result, Variant)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(ANY_CHARACTER, max_size=400))
def test_random_text(text):
    _load(text)


yaml_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False),
    st.text(ANY_CHARACTER, max_size=12),
)
yaml_values = st.recursive(
    yaml_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                [
                    "name",
                    "deck",
                    "players",
                    "min",
                    "max",
                    "attributes",
                    "cards",
                    "values",
                    "of",
                    "rank",
                    "suit",
                    "count",
                    "flags",
                    "id",
                    "multi",
                    "order",
                    "exclusive",
                ]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(yaml_values)
def test_random_structures(value):
    import yaml

    _load(yaml.safe_dump(value))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([SEVENDECK, SIGILIAN]), st.data())
def test_mutated_builtin(source, data):
    """Delete, duplicate or overwrite a slice of a real variant file."""
    lines = source.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    j = data.draw(st.integers(i, min(len(lines), i + 3)))
    how = data.draw(st.sampled_from(["delete", "duplicate", "replace", "indent", "chars"]))
    if how == "delete":
        lines[i:j] = []
    elif how == "duplicate":
        lines[i:i] = lines[i:j]
    elif how == "replace":
        lines[i] = data.draw(st.text(ANY_CHARACTER, max_size=30))
    elif how == "indent":
        lines[i] = "  " + lines[i]
    else:
        line = lines[i]
        k = data.draw(st.integers(0, len(line)))
        lines[i] = line[:k] + data.draw(st.text(alphabet="[]{}:,-&*!|>'\" #abc1", max_size=3)) + line[k:]
    _load("\n".join(lines))
