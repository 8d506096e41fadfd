"""Makes notebooks/conftest.py importable as ``notebooks.conftest``, so that it does not
shadow ``tests/conftest.py`` (both would otherwise be the top-level module ``conftest``)."""
