"""Renderers: player sheets, official texts, data, the review report and the Sphinx sites."""
