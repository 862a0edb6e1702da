"""scripts/check-kinds against a copy of Sources/: clean as committed, and failing on each kind of offence planted
in a file of the service (naming its path and line), but not when planted where kinds are known (the engine, the
spec decoders)."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "check-kinds")

OFFENCES = [
    "let g = layout as? PreparedGridLayout",
    "let g = layout as! PreparedCompositionalLayout",
    "if layout is PreparedFramesLayout { }",
    "func f(_ flow: PreparedFlowLayout) {}",
    "if case .grid = spec { }",
    "if case .flow(let f) = spec { _ = f }",
    "switch spec { case .waterfall: break; default: break }",
    "switch spec { case .circle, .wheel: break; default: break }",
    "guard case let .frames(f) = spec else { return }",
    "let s = LayoutSpec.compositional(c)",
    "switch spec { case .list: break; default: break }",
]


@pytest.fixture
def tree(tmp_path):
    def others(folder, names):  # the lint reads only Swift files
        return [n for n in names if not n.endswith(".swift") and not os.path.isdir(os.path.join(folder, n))]

    shutil.copytree(os.path.join(ROOT, "Sources"), tmp_path / "Sources", ignore=others)
    return tmp_path


def run(root):
    return subprocess.run([sys.executable, SCRIPT, str(root)], capture_output=True, text=True)


def plant(root, relative, line):
    path = root / relative
    with open(path, "a", encoding="utf-8") as f:
        f.write("\n// planted\n" + line + "\n")
    return sum(1 for _ in open(path, encoding="utf-8"))


def test_the_sources_as_committed_pass(tree):
    result = run(tree)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("line", OFFENCES)
def test_an_offence_in_the_service_fails_naming_its_place(tree, line):
    number = plant(tree, "Sources/LayoutService/Tiles.swift", line)
    result = run(tree)
    assert result.returncode == 1
    assert f"Sources/LayoutService/Tiles.swift:{number}:" in result.stderr


@pytest.mark.parametrize("relative", ["Sources/LayoutWire/Answers/SummaryEncoder.swift",
                                      "Sources/LayoutStore/SpecChange.swift",
                                      "Sources/LayoutWire/Requests/MeasureRequest.swift"])
def test_an_offence_in_the_wire_or_the_store_fails(tree, relative):
    number = plant(tree, relative, OFFENCES[4])
    result = run(tree)
    assert result.returncode == 1
    assert f"{relative}:{number}:" in result.stderr


@pytest.mark.parametrize("relative", ["Sources/LayoutEngine/LayoutSpec+capabilities.swift",
                                      "Sources/LayoutWire/Specs/SpecEncoder.swift",
                                      "Sources/LayoutWire/Requests/BatchDecoder.swift"])
def test_the_places_that_know_the_kinds_may_name_them(tree, relative):
    for line in OFFENCES:
        plant(tree, relative, line)
    result = run(tree)
    assert result.returncode == 0, result.stderr


def test_a_kind_added_to_the_spec_is_checked_too(tree):
    spec = tree / "Sources/LayoutEngine/LayoutSpec.swift"
    text = spec.read_text(encoding="utf-8").replace("    case frames(FramesLayoutSpec)\n",
                                                    "    case frames(FramesLayoutSpec)\n    case masonry(MasonryLayoutSpec)\n")
    spec.write_text(text, encoding="utf-8")
    assert run(tree).returncode == 0
    number = plant(tree, "Sources/LayoutService/Tiles.swift", "if case .masonry = spec { }")
    result = run(tree)
    assert result.returncode == 1
    assert f"Sources/LayoutService/Tiles.swift:{number}:" in result.stderr
