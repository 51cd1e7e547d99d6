"""The register: people, vehicles, inspections, stands (pontos)."""
