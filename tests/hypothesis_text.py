"""Text for the hypothesis tests: any character but a lone surrogate, which is exactly what
`st.text()` draws by default. Its default alphabet is worked out by encoding each of the 1.1
million code points as UTF-8, once per machine, kept in the `.hypothesis` folder: about 1.2 s of
a test process's CPU wherever that folder is new, as in every CI run's fresh clone. Naming the
same characters by their category (surrogates are category Cs) costs about a tenth of that.
Pass ANY_CHARACTER as `st.text`'s alphabet (test_hypothesis_text.py checks every test does)."""

from hypothesis import strategies as st

ANY_CHARACTER = st.characters(exclude_categories=("Cs",))
