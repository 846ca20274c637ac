from .cli import main

if __name__ == "__main__":  # importing this module never starts the program
    raise SystemExit(main())
