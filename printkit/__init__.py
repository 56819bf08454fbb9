"""printkit: YAML rules and scenarios to print-ready, 100%-scale PDFs for tabletop card games.

The pipeline, one package per stage: load (content) -> rules (validate) -> plan (geometry)
-> render (ReportLab) -> write (atomic files). `printkit.pipeline` runs it end to end.
"""

__version__ = "0.1.0"
