"""Make docs/report.png: the HTML report of a bundled sample, photographed in headless Chromium.

    PYTHONPATH=src python tests/report/screenshot.py [SAMPLE] [OUT.png]

The shot shows the header, the standings with one player's opponents highlighted and a
tie-break explanation open.  Needs Playwright for Python and the system Chromium (see
.ci/install-browser.sh).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

import trfscore
from trfscore.report import html

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("TRFSCORE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--force-color-profile=srgb",
        "--hide-scrollbars"]


def main(argv: list[str]) -> int:
    sample = Path(argv[0]) if argv else ROOT / "samples" / "swiss-trf26.trf"
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "report.png"
    t = trfscore.load(str(sample))
    s = t.standings()
    with tempfile.TemporaryDirectory() as tmp:
        page_path = Path(tmp) / "report.html"
        page_path.write_text(html.render(t, s), encoding="utf-8")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(viewport={"width": 1100, "height": 860}, device_scale_factor=1,
                                          color_scheme="light")
            page = context.new_page()
            errors: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(page_path.as_uri())
            third = s.rows[2].start_rank
            page.hover(f"#s{third} .name a")
            page.click(f"#s{third} button.xp[data-i='0']")
            page.mouse.move(page.locator(f"#s{third} .name a").bounding_box()["x"] + 20,
                            page.locator(f"#s{third} .name a").bounding_box()["y"] + 5)
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out), full_page=False)
            browser.close()
    if errors:
        print("console errors:", errors, file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
