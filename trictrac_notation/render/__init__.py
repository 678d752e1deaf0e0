"""Pictures: the 24-point layout, diagrams, SVG, matplotlib, text boards, charts."""
