"""The static site: generator, game pages, compendium, mkdocs plugin, Markdown fence, templates, static."""
