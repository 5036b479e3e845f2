"""The Python examples of the README and of docs/python.md run as written."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOCS = [ROOT / "README.md", ROOT / "docs" / "python.md"]


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


BLOCKS = [(path.name, i, code) for path in DOCS for i, code in enumerate(python_blocks(path))]


def test_the_docs_have_python_examples():
    # The README's quick start and the three of docs/python.md: a lost fence would
    # silently leave an example untested.
    assert [name for name, _, _ in BLOCKS].count("README.md") >= 1
    assert [name for name, _, _ in BLOCKS].count("python.md") >= 3


@pytest.mark.parametrize("name,index,code", BLOCKS, ids=[f"{n}-{i}" for n, i, _ in BLOCKS])
def test_a_documented_example_runs(name, index, code):
    exec(compile(code, f"{name} example {index}", "exec"), {"__name__": "__doc_example__"})
