"""Write the HTML report of two models: the echocardiogram (5 features, the data ORCA ships) and
scikit-learn's wine data (13 features, 3 classes). Open the files in any browser; nothing is
fetched from the network. Run: .venv/bin/python examples/write_report.py
"""
from pathlib import Path

from sklearn.datasets import load_wine
from sklearn.model_selection import train_test_split

from orca_svm import OrcaSVC, load_echocardiogram

OUT = Path("orca_output")  # created in the current folder; git ignores it
OUT.mkdir(exist_ok=True)

# Two classes: who survived a year after a heart attack. Pairs of features allowed (max_order=2),
# rows 0, 5 and 17 explained with exact Shapley values.
echo = load_echocardiogram(as_frame=True)
clf = OrcaSVC(degree=4, max_order=2).fit(echo.data, echo.target)
clf.report(echo.data, echo.target, rows=[0, 5, 17], title="Echocardiogram: still alive after a year?").to_html(
    OUT / "echocardiogram_report.html")
print(f"wrote {OUT / 'echocardiogram_report.html'}")

# Three classes, held-out data: the card reports the accuracy on the rows the model did not see.
X, y = load_wine(return_X_y=True, as_frame=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
wine = OrcaSVC(max_order=2).fit(X_train, y_train)
wine.report(X_test, y_test, rows=[0, 1], title="Wine cultivars (held-out rows)").to_html(OUT / "wine_report.html")
print(f"wrote {OUT / 'wine_report.html'} (held-out accuracy {wine.score(X_test, y_test):.3f})")
