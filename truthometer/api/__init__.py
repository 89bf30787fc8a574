"""The HTTP API (``truthometer api``): checks, jobs, the knowledge base and a guard for OpenAI-compatible
models, behind tokens and roles. ``create_app`` builds the ASGI app; docs/api.md shows how to call it."""
from .app import create_app
from .settings import ApiSettings

__all__ = ["ApiSettings", "create_app"]
