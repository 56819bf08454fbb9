"""Stage 3, render: plans and words drawn into PDF bytes with ReportLab. `pdf` owns the canvas."""
