"""The variant as the host sends it (its file and the bases it extends, as text, and the content
hash) and as the player loads it: through the same safe loader and limits as a file, so a custom
variant plays without being installed, and a text that does not hash to the digest is refused."""

from __future__ import annotations

from typing import Any

from ..errors import VariantError
from ..extends import chain_files
from ..variant import Variant, load_variant_files
from .protocol import ProtocolError


def welcome_variant(variant: Variant, seat: int, run: str) -> dict[str, Any]:
    """The hello's reply for `seat`: which seat it plays and the variant, whole."""
    files = [[name, text] for name, text in chain_files(variant.path)]
    return {
        "type": "welcome",
        "seat": seat,
        "run": run,
        "variant": {"id": variant.id, "files": files, "digest": variant.digest},
    }


def load_sent(sent: dict[str, Any]) -> Variant:
    """The variant of a welcome's `variant` field; ProtocolError, one sentence, when it cannot be
    loaded or is not the one the host plays (its digest)."""
    files = [(str(name), str(text)) for name, text in sent["files"]]
    try:
        variant = load_variant_files(files, str(sent["id"]))
    except VariantError as exc:
        first = str(exc.problems[0]) if exc.problems else "it cannot be loaded"
        raise ProtocolError(f"the host's game cannot be loaded here: {first[:300]}") from None
    if variant.digest != sent["digest"]:
        raise ProtocolError("the host's game arrived changed (its content hash does not match)")
    return variant
