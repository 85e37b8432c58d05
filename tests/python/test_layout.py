"""scripts/check_include_cycles.py, which CTest runs on the repository (Layout.NoIncludeCycle),
finds a cycle through headers and sources and accepts the same tree without it."""
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "check_include_cycles.py"


def check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, SCRIPT, root], capture_output=True, text=True)


def write(root: Path, path: str, *includes: str) -> None:
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text("".join(f'#include "{name}"\n' for name in includes))


def test_a_cycle_through_a_source_file_is_found_and_its_removal_accepted(tmp_path):
    write(tmp_path, "include/orca/model.hpp", "orca/basis.hpp")
    write(tmp_path, "include/orca/basis.hpp")
    write(tmp_path, "include/orca/prediction.hpp", "orca/model.hpp")
    # src/model/model.cpp belongs to model.hpp (its first include): model -> prediction -> model.
    write(tmp_path, "src/model/model.cpp", "orca/model.hpp", "orca/prediction.hpp")
    write(tmp_path, "src/prediction.cpp", "orca/prediction.hpp")
    found = check(tmp_path)
    assert found.returncode == 1
    assert "include cycle among model, prediction: model -> prediction; prediction -> model" in found.stdout
    write(tmp_path, "src/model/model.cpp", "orca/model.hpp")
    clean = check(tmp_path)
    assert clean.returncode == 0 and "no include cycle among" in clean.stdout, clean.stdout


def test_private_headers_resolve_relative_to_their_file_and_to_src(tmp_path):
    write(tmp_path, "include/orca/okc.hpp", "orca/okc_report.hpp")
    write(tmp_path, "include/orca/okc_report.hpp")
    write(tmp_path, "src/okc.cpp", "orca/okc.hpp", "analysis/raw.hpp")
    write(tmp_path, "src/analysis/raw.hpp", "orca/okc_report.hpp")
    write(tmp_path, "src/analysis/raw.cpp", "raw.hpp", "../okc_helpers.hpp")
    write(tmp_path, "src/okc_helpers.hpp")
    assert check(tmp_path).returncode == 0
    write(tmp_path, "src/okc_helpers.hpp", "analysis/raw.hpp")
    found = check(tmp_path)
    assert found.returncode == 1
    assert "include cycle among analysis/raw, okc_helpers" in found.stdout, found.stdout


def engine_error_messages(root: Path):
    """(file:line, text) of every error the engine throws: the string literals of each
    `throw ...Error(...)` and ORCA_ASSERT statement under src/, up to its semicolon."""
    import re
    statement = re.compile(r"(throw\s+\w*Error\s*\(|ORCA_ASSERT\s*\()(.*?);", re.S)
    literal = re.compile(r'"((?:[^"\\]|\\.)*)"')
    for path in sorted((root / "src").rglob("*.[ch]pp")):
        text = path.read_text()
        for m in statement.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            yield f"{path.relative_to(root)}:{line}", "".join(literal.findall(m.group(2)))


def test_engine_errors_name_settings_not_command_line_flags():
    import re
    messages = list(engine_error_messages(SCRIPT.parents[1]))
    assert len(messages) > 100  # the scan reads the engine's errors at all (214 when written)
    flagged = [(where, text) for where, text in messages if re.search(r"(^|[\s(])--?[a-zA-Z]", text)]
    assert not flagged, "engine errors that name a CLI flag (say the setting instead): " + repr(flagged)


def test_the_error_scan_finds_a_flag_in_a_message(tmp_path):
    write(tmp_path, "src/analysis/okc.cpp")
    (tmp_path / "src/analysis/okc.cpp").write_text(
        'void f() {\n    if (bad)\n        throw ParameterError("--eps values must lie in (0, 1), got " +\n'
        '                             std::to_string(e));\n}\n')
    (found,) = engine_error_messages(tmp_path)
    assert found == ("src/analysis/okc.cpp:3", "--eps values must lie in (0, 1), got ")
