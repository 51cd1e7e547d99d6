"""Search speed on a large register: fills N holders (default 100,000) with their vehicles
and reports median and p95 of `search` for a CPF prefix, a name fragment typed without
accents, and a plate typed in the other format. Budget (issue 23): p95 <= 10 ms CPU for every
kind (benchmarks/run.py measures CPF, permit, protocol and per-keystroke prefixes too).

    python benchmarks/search.py [--holders N] [--queries Q] [--db URL]

Prints figures; asserts nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from common import machine_line, percentile, register

from mototaxi_desk.domain import validators
from mototaxi_desk.domain.search_terms import fold
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.views import search
from mototaxi_desk.store.models import Person, Vehicle


def _time(queries, expect):
    times, misses = [], 0
    for text, wanted in queries:
        start = time.perf_counter()
        hits = search.search(text)
        times.append((time.perf_counter() - start) * 1000)
        if not expect(hits, wanted):
            misses += 1
    return times, misses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    rng = random.Random(42)
    with register(args.holders, args.db, waiting=0) as fill_s:
        people = list(Person.select(Person.cpf, Person.name).tuples())
        plates = list(Vehicle.select(Vehicle.plate, Vehicle.plate_original).tuples())
        sample = rng.sample(people, args.queries)
        cpf_queries = [(validators.format_cpf(cpf)[:7], cpf) for cpf, _ in sample]
        name_queries = []
        for _, name in sample:
            words = fold(name).split()
            name_queries.append((f"{words[0]} {words[-1][:4]}", fold(name)))
        plate_queries = []
        for canonical, original in rng.sample(plates, args.queries):
            other = canonical if "-" in original else validators.old_plate(canonical)
            plate_queries.append((other, canonical))
        # worst case: one common word typed alone matches thousands of holders
        common_queries = [(fold(rng.choice(demo.SURNAMES))[:5], None)
                          for _ in range(args.queries)]
        for queries in (cpf_queries, name_queries, plate_queries):  # warm the cache
            for text, _ in queries[:20]:
                search.search(text)
        results = {
            "CPF prefix (xxx.xxx)": _time(cpf_queries, lambda h, w: any(
                x["cpf"].replace(".", "").replace("-", "") == w for x in h) or len(h) == 20),
            "name fragment, no accents": _time(name_queries, lambda h, w: any(
                fold(x["name"]) == w for x in h) or len(h) == 20),
            "plate, other format": _time(plate_queries, lambda h, w: len(h) > 0),
            "common surname alone": _time(common_queries, lambda h, w: len(h) == 20),
        }
    print(machine_line(args.db))
    print(f"filled {args.holders} holders in {fill_s:.1f} s; {args.queries} queries each")
    for label, (times, misses) in results.items():
        print(f"{label:<28} median {statistics.median(times):6.2f} ms   "
              f"p95 {percentile(times, 0.95):6.2f} ms   max {max(times):6.2f} ms   "
              f"misses {misses}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
