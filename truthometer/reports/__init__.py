"""Renderings of a Report: Markdown, and HTML with every sentence highlighted by status."""
from .html import highlight_html, report_html
from .markdown import report_markdown

__all__ = ["report_markdown", "report_html", "highlight_html"]
