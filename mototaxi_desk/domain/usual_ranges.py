"""Where the município's own numbers usually fall, to warn (not refuse) a value far from
them: a fiscal unit of R$ 1.234,00 typed for R$ 48,26 — 25 times the usual — was accepted
without a word (issue 36 item 6). Beside profile_ranges.py, which refuses what no law could
mean; these ranges only ask "is this right?" (the window before saving, `settings` on the
command line in a warning line). Kept as data: a município outside them confirms and goes
on."""
from __future__ import annotations

from .money import format_money

# fiscal units in use in Brazil run from a few reais (UFIR-RJ about R$ 4,50) to a few
# hundred (UFM of the capitals, UFESP about R$ 35); the shipped profiles' about R$ 48
FISCAL_UNIT_CENTS = (100, 50_000)         # R$ 1,00 to R$ 500,00
# municípios with a mototaxi service: from small towns to the large cities
POPULATION = (1_000, 3_000_000)
# the initial tariff of a ride (PF Art. 32): a few reais
TARIFF_CENTS = (200, 5_000)               # R$ 2,00 to R$ 50,00
# a year's fiscal unit beside another year's: a yearly update is a few per cent
YEAR_TO_YEAR = 3                          # more than 3 times, or less than a third


def _money_range(low: int, high: int) -> str:
    return f"de {format_money(low)} a {format_money(high)}"


def fiscal_unit_warning(cents: int, year: int,
                        others: dict[int, int] | None = None) -> str | None:
    """Why this year's fiscal-unit value looks wrong, or None: far from the value of the
    nearest earlier year (of the nearest later one when there is none earlier), or outside
    the usual range."""
    others = {y: c for y, c in (others or {}).items() if y != year and c > 0}
    if others:
        earlier = [y for y in others if y < year]
        near = max(earlier) if earlier else min(others)
        ratio = cents / others[near]
        if ratio > YEAR_TO_YEAR or ratio < 1 / YEAR_TO_YEAR:
            times = f"{ratio:.0f} vezes o" if ratio > 1 else f"1/{1 / ratio:.0f} do"
            return (f"Unidade fiscal de {year}: {format_money(cents)} é {times} valor de "
                    f"{near} ({format_money(others[near])}); confira o valor.")
    low, high = FISCAL_UNIT_CENTS
    if not low <= cents <= high:
        return (f"Unidade fiscal de {year}: {format_money(cents)} está fora do usual "
                f"({_money_range(low, high)}); confira o valor.")
    return None


def population_warning(population: int) -> str | None:
    low, high = POPULATION
    if not low <= population <= high:
        text = lambda n: f"{n:,}".replace(",", ".")  # noqa: E731
        return (f"População de {text(population)} habitantes está fora do usual para um "
                f"município com mototáxi (de {text(low)} a {text(high)}); confira o número.")
    return None


def tariff_warning(cents: int) -> str | None:
    low, high = TARIFF_CENTS
    if not low <= cents <= high:
        return (f"Tarifa inicial de {format_money(cents)} está fora do usual "
                f"({_money_range(low, high)}); confira o valor.")
    return None


def warnings(population: int, fiscal_units: dict[int, int], tariffs: list[int]) -> list[str]:
    """Every number in force that looks wrong, for the command line's `settings`."""
    found = [population_warning(population)]
    # each year beside the years before it (the first one against the usual range alone)
    found += [fiscal_unit_warning(cents, year, {y: c for y, c in fiscal_units.items()
                                                if y < year})
              for year, cents in sorted(fiscal_units.items())]
    found += [tariff_warning(cents) for cents in tariffs]
    return [text for text in found if text]
