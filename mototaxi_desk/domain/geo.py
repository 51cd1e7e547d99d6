"""Distances on the Earth's surface, for the minimum distance between stands
(SRM Art. 31 XVIII, Art. 36 XL: 100 m). Pure functions, no I/O."""
from __future__ import annotations

import math
from decimal import Decimal

# Mean Earth radius (IUGG). The spherical model errs by < 0.5 % against the ellipsoid, i.e.
# under 50 cm at 100 m: far below the accuracy of a coordinate read off a phone or a map.
EARTH_RADIUS_M = 6_371_008.8

Coordinate = float | Decimal | int


def haversine_m(lat1: Coordinate, lon1: Coordinate, lat2: Coordinate, lon2: Coordinate) -> float:
    """Great-circle distance in metres between two points given in decimal degrees."""
    phi1, phi2 = math.radians(float(lat1)), math.radians(float(lat2))
    d_phi = phi2 - phi1
    d_lambda = math.radians(float(lon2) - float(lon1))
    a = math.sin(d_phi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(d_lambda / 2) ** 2
    # min() guards against a rounding error pushing a slightly above 1 for antipodal points
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(a)))


def valid_latitude(value: Coordinate) -> bool:
    return -90 <= value <= 90


def valid_longitude(value: Coordinate) -> bool:
    return -180 <= value <= 180
