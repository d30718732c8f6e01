"""Corpora as Hugging Face datasets: write bundles as parquet, read them back byte for byte.

Sits just above ``core`` (it needs only the bundle model), so a training script can
``from cuagym.data import load_corpus`` without the analysis or synthesis stacks; the dataset
card with the corpus's figures is written by ``cuagym.analysis.export_hf``. Needs the ``data``
extra (``datasets``, ``pyarrow``).
"""

from cuagym.data._columns import EXTRA_FILES, FILE_COLUMNS, TASK_COLUMNS, flatten_meta
from cuagym.data._load import CorpusTuple, iter_corpus, load_corpus
from cuagym.data._write import CARD_FILE, DATA_DIR, DatasetError, WrittenDataset, write_dataset

__all__ = [
    "CARD_FILE",
    "DATA_DIR",
    "EXTRA_FILES",
    "FILE_COLUMNS",
    "TASK_COLUMNS",
    "CorpusTuple",
    "DatasetError",
    "WrittenDataset",
    "flatten_meta",
    "iter_corpus",
    "load_corpus",
    "write_dataset",
]
