"""``truthometer.client``: the Python client of the HTTP API (``truthometer.api.client``)."""
from .api.client import ApiError, Client

__all__ = ["ApiError", "Client"]
