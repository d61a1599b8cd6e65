"""Build every output of the catalogue: see ``python build_docs.py --help``."""

from jokoak.cli import run

if __name__ == "__main__":
    run()
