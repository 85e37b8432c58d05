#!/usr/bin/env python3
"""Unpack a source distribution into a fixed folder, touching only what changed.

`make python` builds the wheel from the sdist (what a user's `pip install orca-svm` gets), not
from the checkout, so that a file missing from the sdist fails here first. The folder is fixed
and files whose bytes did not change keep their time stamps: the build folder is reused, and a
rebuild after a one-file change recompiles that file only. Files the sdist no longer holds are
deleted.

Usage: unpack_sdist.py SDIST.tar.gz DEST
"""
import pathlib
import shutil
import sys
import tarfile


def unpack(sdist: pathlib.Path, dest: pathlib.Path) -> int:
    """Write the sdist's files under dest (without its top folder); return how many changed."""
    dest.mkdir(parents=True, exist_ok=True)
    wanted = set()
    changed = 0
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            parts = pathlib.PurePosixPath(member.name).parts[1:]  # drop "orca_svm-<version>/"
            if not parts or not member.isfile():
                continue
            if any(part in ("..", "") for part in parts):
                raise SystemExit(f"{sdist}: unsafe path in the archive: {member.name}")
            target = dest.joinpath(*parts)
            wanted.add(target)
            content = archive.extractfile(member).read()
            if target.is_file() and target.read_bytes() == content:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
            target.chmod(member.mode & 0o777 or 0o644)
            changed += 1
    for path in sorted(dest.rglob("*"), reverse=True):
        if path.is_file() and path not in wanted:
            path.unlink()
            changed += 1
        elif path.is_dir() and not any(path.iterdir()):
            shutil.rmtree(path)
    return changed


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    sdist, dest = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    changed = unpack(sdist, dest)
    print(f"{sdist.name}: {changed} file(s) changed in {dest}")


if __name__ == "__main__":
    main()
