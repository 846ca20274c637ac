"""What a frozen Cardtable needs that PyInstaller's import scan cannot see: the subcommands and the
variant file's sections are imported by name (importlib), and the built-in games, sprites and
example saves are package data (cardtable/_data in an installed copy)."""

from PyInstaller.utils.hooks import collect_data_files, collect_submodules

hiddenimports = collect_submodules(
    "cardtable", filter=lambda name: not name.startswith("cardtable._pyinstaller")
)
datas = collect_data_files("cardtable", excludes=["_pyinstaller"])
