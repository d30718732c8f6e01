"""Corpora as Hugging Face datasets: write bundles as parquet, read them back byte for byte.

Sits just above ``core`` (it needs only the bundle model), so a training script can
``from cuagym.data import load_corpus`` without the analysis or synthesis stacks; the dataset
card with the corpus's figures is written by ``cuagym.analysis.export_hf``. Needs the ``data``
extra (``datasets``, ``pyarrow``).
"""

from cuagym.data._columns import EXTRA_FILES, FILE_COLUMNS, TASK_COLUMNS
from cuagym.data._load import load_corpus
from cuagym.data._write import DatasetError, WrittenDataset, write_dataset

__all__ = [
    "EXTRA_FILES",
    "FILE_COLUMNS",
    "TASK_COLUMNS",
    "DatasetError",
    "WrittenDataset",
    "load_corpus",
    "write_dataset",
]
