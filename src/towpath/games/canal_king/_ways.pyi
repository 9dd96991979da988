from array import array
from collections.abc import Sequence, Set

class Searcher:
    def __init__(
        self,
        step: Sequence[int],
        line: Sequence[int],
        port_docks: Sequence[Sequence[int]],
        border: int,
    ) -> None: ...
    def ways(
        self,
        source: int,
        laid: Sequence[int],
        stops: Sequence[int],
        at_hand: Sequence[int],
        fitting: Sequence[int],
        freed: Sequence[int],
        targets: Set[int],
    ) -> tuple[list[int], array[int], array[int], list[int]]: ...
