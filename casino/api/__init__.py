"""The REST API under /api/v1/: viewsets that read through selectors and write through services."""
