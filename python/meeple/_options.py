"""Game options given to an environment both ways: an ``options`` dict and keyword arguments."""

from typing import Any, Dict, Optional


def merge_options(options: Optional[Dict[str, Any]], keywords: Dict[str, Any]) -> Dict[str, Any]:
    """The game options of ``options`` (a dict, as in a spec's ``[options]``) and ``keywords``
    (the same options as keyword arguments, e.g. ``six_specials=True``), merged into a new dict.

    Raises ``TypeError`` when an option is given both ways, naming it."""
    merged = dict(options or {})
    clash = sorted(set(merged) & set(keywords))
    if clash:
        raise TypeError(f"option(s) {', '.join(clash)} given both in options={{...}} and as keyword "
                        f"argument(s); give each once")
    merged.update(keywords)
    return merged
