"""Shared set-up for the language-server checks: the binary, and a project copied from the demo."""
import os
import pathlib
import shutil

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def server_binary() -> str:
    return os.environ.get("MC_STYLE", str(REPOSITORY / ".build" / "debug" / "mc-style"))


@pytest.fixture()
def project(tmp_path: pathlib.Path) -> pathlib.Path:
    """The demo's declarations, parts and base in a folder of their own (a git root, so nothing above is read)."""
    (tmp_path / ".git").mkdir()
    shutil.copytree(REPOSITORY / "fixtures" / "demo" / "parts", tmp_path / "parts")
    shutil.copytree(REPOSITORY / "fixtures" / "demo" / "vector", tmp_path / "vector")
    shutil.copy(REPOSITORY / "styles" / "tomtom-demo-base.json", tmp_path / "base.json")
    text = (REPOSITORY / "fixtures" / "demo" / "mc-style.yaml").read_text(encoding="utf-8")
    text = text.replace("base: ../../styles/tomtom-demo-base.json", "base: base.json")
    (tmp_path / "mc-style.yaml").write_text(text, encoding="utf-8")
    return tmp_path
