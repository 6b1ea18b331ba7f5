"""What reading a hostile JSON text costs ``sw.load``, by shape and size, up to the size limit.

Every shape of ``tests/hostile_texts.py`` (long runs of each token, escapes, unclosed strings,
runs inside a real saved game) at sizes doubling up to the state size limit (4,000,000
characters), as text and as bytes. Prints the CPU seconds of the slowest shapes at the largest
size, and for each of them the ratio of its time at the largest size to its time at a quarter of
it: about 4 for a cost that grows with the length, about 16 for a quadratic one.
docs/state-format.md promises about a second for any input under 10 MB.

    .venv/bin/python benchmarks/load_shapes.py [--largest 3990000] [--show 8]
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def cpu_seconds(text: str | bytes) -> float:
    import solitaire_widget as sw

    start = time.process_time()
    with contextlib.suppress(ValueError):
        sw.load(text)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--largest", type=int, default=3_990_000)
    parser.add_argument("--show", type=int, default=8)
    args = parser.parse_args()
    from hostile_texts import SHAPES

    timings = []
    for name, make in SHAPES.items():
        for form in ("text", "bytes"):
            sizes = (args.largest // 4, args.largest)
            texts = [make(size) for size in sizes]
            if form == "bytes":
                texts = [text.encode("utf-8", "surrogatepass") for text in texts]
            quarter, whole = (cpu_seconds(text) for text in texts)
            timings.append((whole, quarter, name, form))
    timings.sort(reverse=True)
    print(f"{len(timings)} shapes and forms; the slowest at {args.largest:,} characters:")
    for whole, quarter, name, form in timings[: args.show]:
        ratio = whole / quarter if quarter > 0.005 else float("nan")
        print(f"  {whole:6.3f} s  (x{ratio:4.1f} from a quarter of it)  {name}, as {form}")
    print(f"slowest: {timings[0][0]:.3f} s CPU")


if __name__ == "__main__":
    main()
