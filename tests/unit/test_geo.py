"""Haversine distance (domain.geo), used for SRM Art. 31 XVIII / Art. 36 XL (100 m between
stands)."""
import math
from decimal import Decimal

import pytest

from mototaxi_desk.domain import geo

METRES_PER_DEGREE = geo.EARTH_RADIUS_M * math.pi / 180  # ~111 195 m


def test_same_point_is_zero():
    assert geo.haversine_m(-7.02, -45.48, -7.02, -45.48) == 0


def test_one_degree_of_latitude():
    assert geo.haversine_m(0, 0, 1, 0) == pytest.approx(METRES_PER_DEGREE, rel=1e-9)
    assert geo.haversine_m(0, 0, 1, 0) == pytest.approx(111_195, abs=1)


def test_longitude_shrinks_with_latitude():
    at_equator = geo.haversine_m(0, 0, 0, 1)
    at_60 = geo.haversine_m(60, 0, 60, 1)
    assert at_60 == pytest.approx(at_equator / 2, rel=1e-3)


def test_symmetric_and_accepts_decimal():
    a = (Decimal("-7.021900"), Decimal("-45.481100"))
    b = (Decimal("-7.022800"), Decimal("-45.481100"))
    d = geo.haversine_m(*a, *b)
    assert d == pytest.approx(geo.haversine_m(*b, *a))
    assert d == pytest.approx(0.0009 * METRES_PER_DEGREE, rel=1e-6)  # ~100 m


def test_known_city_distance():
    """São Paulo (Praça da Sé) to Rio de Janeiro (Candelária): about 360 km."""
    d = geo.haversine_m(-23.5503, -46.6340, -22.9009, -43.1769)
    assert 355_000 < d < 365_000


def test_antipodes_are_half_the_circumference():
    assert geo.haversine_m(10, 20, -10, -160) == pytest.approx(math.pi * geo.EARTH_RADIUS_M)


@pytest.mark.parametrize("lat, ok", [(-90, True), (90, True), (0, True), (90.0001, False),
                                     (-91, False)])
def test_latitude_range(lat, ok):
    assert geo.valid_latitude(lat) is ok


@pytest.mark.parametrize("lon, ok", [(-180, True), (180, True), (180.5, False)])
def test_longitude_range(lon, ok):
    assert geo.valid_longitude(lon) is ok
