"""The variant as the host sends it (its file and the bases it extends, as text, and the content
hash) and as the player loads it: through the same safe loader and limits as a file, so a custom
variant plays without being installed, and a text that does not hash to the digest is refused.

A variant loaded from sent texts is kept and given again for the same texts (a rejoin after the
host's restart, another player's window in the same program, a test's next table): a Variant is
never changed once loaded (catalog.py), so one object serves them all."""

from __future__ import annotations

from typing import Any

from ..catalog import registries
from ..errors import VariantError
from ..extends import chain_files
from ..memo import Kept
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


# Variants loaded from sent texts, by (id, the texts, the hand conditions and verbs that can be
# used: catalog.registries), the last 16; each connection's thread loads what it is sent.
_SENT: Kept[tuple[object, ...], Variant] = Kept(16)


def load_sent(sent: dict[str, Any]) -> Variant:
    """The variant of a welcome's `variant` field; ProtocolError, one sentence, when it cannot be
    loaded or is not the one the host plays (its digest)."""
    files = [(str(name), str(text)) for name, text in sent["files"]]
    variant_id = str(sent["id"])
    key = (variant_id, tuple(files), registries())
    variant = _SENT.get(key)
    if variant is None:
        try:
            variant = load_variant_files(files, variant_id)
        except VariantError as exc:
            first = str(exc.problems[0]) if exc.problems else "it cannot be loaded"
            raise ProtocolError(f"the host's game cannot be loaded here: {first[:300]}") from None
        _SENT.put(key, variant)
    if variant.digest != sent["digest"]:
        raise ProtocolError("the host's game arrived changed (its content hash does not match)")
    return variant
