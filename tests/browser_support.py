"""The shared harness for notebook and browser tests: Voilà servers, headless Chromium, canvas pixels.

Facts behind every choice here are in ``/work/shared/recipes/jupyter-browser-testing.md``.
Browser tests use Debian's Chromium (Playwright cannot download its own browser on these machines).

Fixtures (defined in ``tests/conftest.py``; use them as test arguments)
-------------------------------------------------------------------------
``voila_server``  (session)  a factory: ``voila_server(notebook_path) -> base_url``. Starts one Voilà
                  per notebook (cached for the session, stopped at the end) and returns
                  ``"http://127.0.0.1:PORT/"``; the notebook's page is that URL itself.
``browser``       (session)  a Playwright Chromium browser launched from ``/usr/bin/chromium`` with
                  :data:`CHROMIUM_ARGS`. If Chromium is missing the test FAILS (never skips) and
                  says to run ``./test.sh`` or ``apt-get install -y chromium``.
``page``          (function) a fresh page in a fresh context; every request URL, console error and
                  page error is recorded in ``page_log``.
``page_log``      (function) the :class:`PageLog` of ``page``: ``.requests`` (URLs), ``.console_errors``
                  (``"text @ url"``), ``.page_errors``, ``.outside_requests()``,
                  ``.assert_no_outside_requests()``, ``.real_console_errors()`` (minus the known CDN).

Functions (import them: ``from browser_support import canvas_pixel, ...``)
--------------------------------------------------------------------------
``voila_server(notebook_path, timeout=90) -> ContextManager[str]``   the same server, as a context manager
                  (for benches and scripts; the fixture uses it).
``VoilaServer(notebook_path)``                 ``.start()``, ``.stop()``, ``.url``, ``.log_text()``.
``launch_chromium(playwright) -> Browser``     the launch the ``browser`` fixture does.
``open_voila(page, url, ready_selector, timeout=90_000)``  load a Voilà page and wait for a widget.
``canvas_pixel(page, target, x, y, expect=None, tolerance=0, timeout=15_000) -> (r, g, b, a)``
                  ``target`` is a CSS selector or the index of the ``<canvas>`` in document order.
                  Polls (``page.wait_for_function``) until the canvas exists with a non-zero size, and
                  when ``expect=(r, g, b[, a])`` is given until the pixel matches within ``tolerance``.
``canvas_not_blank(page, target, timeout=15_000) -> True``  polls until some pixel has alpha > 0;
                  raises AssertionError on timeout (drawing lands asynchronously, so never read once).
``svg_pixels(page, svg_text, points) -> [(r, g, b, a), ...]``  rasterises an SVG document in the
                  page (an ``<img>`` drawn on a canvas, at the SVG's own size) and reads the pixels.
``run_notebook(path, timeout=180) -> NotebookNode``  executes a notebook with nbclient
                  (kernel ``python3``, cwd = ``notebooks/``); a failing cell raises with its traceback.
``free_port() -> int``                          a port that was free a moment ago (bind port 0).
``notebook_output_counts(nb) -> (counts, text)``  errors/SVGs/PNGs/Markdown tables of an executed
                  notebook, and what its cells printed (the learn-to-play notebook tests).
``pick_game``, ``colour_counts``, ``step_until_logged``, ``undo_gives_back``  the play dashboard's game
                  picker and MatchPlayer (pick a game, count board colours, Step until the log
                  changes, Undo gives it back), shared by the three ``test_browser_*player`` tests.

Outside requests: the page may ask only 127.0.0.1 and ``data:``/``blob:`` URLs. Servers started here
use nollab's Voilà template (``--template=nollab``, found through ``JUPYTER_PATH``), the one
``nollab dashboard`` serves, so :data:`KNOWN_OUTSIDE` is empty.
"""
from __future__ import annotations

import contextlib
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence
from urllib.parse import unquote, urlsplit

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
CHROMIUM_MISSING = (
    f"{CHROMIUM} is missing: the browser tests need Debian's Chromium. "
    "Run ./test.sh (it installs it) or: apt-get update && apt-get install -y chromium"
)

#: Outside URLs a page may request. None: every page is served with nollab's Voilà template
#: (nollab/publish/share/voila/templates/nollab), which drops the Font Awesome CDN links of Voilà's
#: stock template (Voilà's own bundle already carries Font Awesome).
KNOWN_OUTSIDE: tuple[str, ...] = ()
_LOCAL_HOSTS = {"127.0.0.1"}

JUPYTER_ENV_VARS = ("JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR")


# -- Voilà ------------------------------------------------------------------------------------------
def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free when asked (bind port 0, read it, close)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def isolated_jupyter_env(base: pathlib.Path) -> dict[str, str]:
    """A copy of ``os.environ`` whose Jupyter/IPython state lives under ``base`` (not the home folder)."""
    env = dict(os.environ)
    for name in JUPYTER_ENV_VARS:
        d = base / name.lower()
        d.mkdir(parents=True, exist_ok=True)
        env[name] = str(d)
    env["PYTHONUNBUFFERED"] = "1"
    return env


class VoilaServer:
    """One ``python -m voila`` process serving one notebook on 127.0.0.1 at a free port.

    Ready when its log says "is running at" and ``GET /voila/static/extension.js`` gets an HTTP
    answer (polling ``/`` would start a kernel per request). Stopped by SIGTERM, SIGKILL after ``kill_after`` s.
    """

    def __init__(self, notebook_path: str | os.PathLike, *, timeout: float = 90.0,
                 kill_after: float = 20.0, extra_args: Sequence[str] = (), attempts: int = 3):
        self.notebook = pathlib.Path(notebook_path).resolve()
        if not self.notebook.is_file():
            raise FileNotFoundError(f"notebook_path: no such notebook {self.notebook}")
        self.timeout = timeout
        self.kill_after = kill_after
        self.extra_args = tuple(extra_args)
        self.attempts = attempts
        self.port: int | None = None
        self.proc: subprocess.Popen | None = None
        self._tmp = tempfile.TemporaryDirectory(prefix="nollab-voila-")
        self._log_path = pathlib.Path(self._tmp.name) / "voila.log"

    @property
    def url(self) -> str:
        """Base URL; in single-notebook mode the notebook's page is this URL itself."""
        if self.port is None:
            raise RuntimeError("VoilaServer is not started")
        return f"http://127.0.0.1:{self.port}/"

    def log_text(self) -> str:
        """Everything Voilà wrote so far (stdout and stderr)."""
        try:
            return self._log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def start(self) -> str:
        """Start Voilà (retrying on a port race), wait until ready, return :attr:`url`."""
        last = ""
        for _ in range(self.attempts):
            port = free_port()
            if self._start_once(port):
                return self.url
            last = self.log_text()
            self._terminate()
        raise RuntimeError(f"Voilà did not start for {self.notebook.name}; last log:\n{last[-3000:]}")

    def _start_once(self, port: int) -> bool:
        from nollab.publish.serve import voila_env, voila_flags

        cmd = [
            sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *voila_flags(),
            *self.extra_args, str(self.notebook),
        ]

        env = voila_env(isolated_jupyter_env(pathlib.Path(self._tmp.name)))
        log = open(self._log_path, "wb")
        self.port = port
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                                     cwd=str(self.notebook.parent), start_new_session=True)
        log.close()
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False  # exited (port taken between bind and listen, or a crash): retry
            if "is running at" in self.log_text() and self._static_ok():
                return True
            time.sleep(0.1)
        raise TimeoutError(f"Voilà not ready after {self.timeout} s; log:\n{self.log_text()[-3000:]}")

    def _static_ok(self) -> bool:
        """True once ``GET /voila/static/extension.js`` gets an HTTP answer (no kernel started).

        Voilà 0.5.13 answers 403 ("not in root static directory") for that file; any HTTP
        status proves the server is serving, a refused connection does not.
        """
        try:
            with urllib.request.urlopen(f"{self.url}voila/static/extension.js", timeout=2) as r:
                return r.status < 500
        except urllib.error.HTTPError as exc:
            return exc.code < 500
        except (urllib.error.URLError, OSError):
            return False

    def _terminate(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.send_signal(signal.SIGTERM)  # Voilà shuts its kernels down on SIGTERM
        try:
            proc.wait(timeout=self.kill_after)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after ``kill_after`` seconds; removes the temp folder."""
        self._terminate()
        self._tmp.cleanup()

    def __enter__(self) -> "VoilaServer":
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


@contextlib.contextmanager
def voila_server(notebook_path: str | os.PathLike, timeout: float = 90.0,
                 extra_args: Sequence[str] = ()) -> Iterator[str]:
    """Serve ``notebook_path`` with Voilà for the ``with`` block; yields the base URL."""
    server = VoilaServer(notebook_path, timeout=timeout, extra_args=extra_args)
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


# -- Chromium and pages -----------------------------------------------------------------------------
def require_chromium() -> None:
    """Fail (never skip) with the install hint when Debian's Chromium is missing."""
    if not os.access(CHROMIUM, os.X_OK):
        raise AssertionError(CHROMIUM_MISSING)


def launch_chromium(playwright: Any, **kwargs: Any) -> Any:
    """Launch headless Debian Chromium through Playwright (``playwright.chromium``)."""
    require_chromium()
    return playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS),
                                      headless=True, **kwargs)


def _host(url: str) -> str:
    return urlsplit(url).hostname or ""


@dataclass
class PageLog:
    """What a page did: every request URL, console errors, uncaught page errors."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> "PageLog":
        page.on("request", lambda req: self.requests.append(req.url))
        page.on("console", lambda msg: msg.type == "error" and self.console_errors.append(
            f"{msg.text} @ {unquote((msg.location or {}).get('url', ''))}"))
        page.on("pageerror", lambda err: self.page_errors.append(str(err)))
        return self

    def outside_requests(self, allowed: Sequence[str] = KNOWN_OUTSIDE) -> list[str]:
        """Requests that left 127.0.0.1, except ``data:``/``blob:`` and the ``allowed`` URLs."""
        out = []
        for url in self.requests:
            scheme = urlsplit(url).scheme
            if scheme in ("data", "blob", "about"):
                continue
            if _host(url) in _LOCAL_HOSTS or unquote(url) in allowed:
                continue
            out.append(url)
        return out

    def assert_no_outside_requests(self, allowed: Sequence[str] = KNOWN_OUTSIDE) -> None:
        outside = self.outside_requests(allowed)
        assert not outside, f"the page requested outside URLs: {outside}"

    def real_console_errors(self, allowed: Sequence[str] = KNOWN_OUTSIDE) -> list[str]:
        """Console errors (``"text @ url"``) except the known offline Font Awesome load failures."""
        return [m for m in self.console_errors
                if not any(m.endswith(f" @ {url}") for url in allowed)]


def open_voila(page: Any, url: str, ready_selector: str, timeout: float = 90_000) -> None:
    """Load a Voilà page and wait until ``ready_selector`` is visible (the kernel ran the notebook)."""
    page.goto(url, wait_until="domcontentloaded", timeout=timeout)
    page.wait_for_selector(ready_selector, state="visible", timeout=timeout)


# -- canvas pixels ----------------------------------------------------------------------------------
_CANVAS_JS = """
(target) => {
  const c = (typeof target === 'number') ? document.querySelectorAll('canvas')[target]
                                         : document.querySelector(target);
  return c || null;
}
"""

_PIXEL_JS = """
([target, x, y, expect, tol]) => {
  const c = (typeof target === 'number') ? document.querySelectorAll('canvas')[target]
                                         : document.querySelector(target);
  if (!c || !c.width || !c.height) return false;
  const d = c.getContext('2d').getImageData(x, y, 1, 1).data;
  const px = [d[0], d[1], d[2], d[3]];
  if (expect === null) return px;
  for (let i = 0; i < expect.length; i++) { if (Math.abs(px[i] - expect[i]) > tol) return false; }
  return px;
}
"""

_NOT_BLANK_JS = """
(target) => {
  const c = (typeof target === 'number') ? document.querySelectorAll('canvas')[target]
                                         : document.querySelector(target);
  if (!c || !c.width || !c.height) return false;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  for (let i = 3; i < d.length; i += 4) { if (d[i] !== 0) return true; }
  return false;
}
"""


def canvas_pixel(page: Any, target: str | int, x: int, y: int, *,
                 expect: Sequence[int] | None = None, tolerance: int = 0,
                 timeout: float = 15_000) -> tuple[int, int, int, int]:
    """RGBA of pixel (x, y) of a canvas, read with ``getImageData`` (polled, see module docstring)."""
    arg = [target, int(x), int(y), list(expect) if expect is not None else None, int(tolerance)]
    try:
        handle = page.wait_for_function(_PIXEL_JS, arg=arg, timeout=timeout, polling=50)
    except Exception as exc:  # playwright TimeoutError: say what we saw
        seen = page.evaluate(_PIXEL_JS, [target, int(x), int(y), None, 0])
        raise AssertionError(
            f"canvas {target!r} pixel ({x}, {y}) = {seen}, expected {expect} (±{tolerance}) "
            f"within {timeout} ms") from exc
    r, g, b, a = handle.json_value()
    return (r, g, b, a)


def canvas_not_blank(page: Any, target: str | int, timeout: float = 15_000) -> bool:
    """Wait until the canvas has at least one pixel with alpha > 0; AssertionError on timeout."""
    try:
        page.wait_for_function(_NOT_BLANK_JS, arg=target, timeout=timeout, polling=50)
    except Exception as exc:
        exists = page.evaluate(_CANVAS_JS.replace("return c || null;", "return !!c;"), target)
        raise AssertionError(
            f"canvas {target!r} still blank after {timeout} ms (canvas found: {exists})") from exc
    return True


_SVG_PIXELS_JS = """
async ([svg, points]) => {
  const blob = new Blob([svg], {type: 'image/svg+xml'});
  const url = URL.createObjectURL(blob);
  const img = new Image();
  await new Promise((ok, fail) => { img.onload = ok; img.onerror = () => fail(new Error('svg did not load')); img.src = url; });
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  URL.revokeObjectURL(url);
  return points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data));
}
"""


def svg_pixels(page: Any, svg: str, points: Sequence[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """RGBA of ``points`` of an SVG document rendered by the browser at its own size."""
    got = page.evaluate(_SVG_PIXELS_JS, [svg, [list(map(int, p)) for p in points]])
    return [tuple(px) for px in got]


# -- notebooks --------------------------------------------------------------------------------------
def run_notebook(path: str | os.PathLike, timeout: float = 180) -> Any:
    """Execute a notebook headless with nbclient (kernel ``python3``, cwd = ``notebooks/``).

    Returns the executed notebook; a cell error raises ``nbclient.exceptions.CellExecutionError``
    with the traceback. Jupyter state goes to a temp folder, never the home folder.
    """
    import nbclient
    import nbformat

    path = pathlib.Path(path)
    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory(prefix="nollab-nb-") as tmp:
        saved = {k: os.environ.get(k) for k in JUPYTER_ENV_VARS}
        os.environ.update({k: v for k, v in isolated_jupyter_env(pathlib.Path(tmp)).items()
                           if k in JUPYTER_ENV_VARS})
        try:
            client = nbclient.NotebookClient(
                nb, timeout=timeout, kernel_name="python3",
                resources={"metadata": {"path": str(NOTEBOOKS)}})
            client.execute()
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    return nb


def notebook_text_outputs(nb: Any) -> str:
    """All text/plain, text/html and stream outputs of an executed notebook, joined (for asserts)."""
    parts: list[str] = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                parts.append(out.get("text", ""))
            data = out.get("data", {})
            for mime in ("text/plain", "text/html", "text/latex", "text/markdown"):
                if mime in data:
                    parts.append(data[mime])
    return "\n".join(parts)


def notebook_output_counts(nb: Any) -> tuple[dict[str, int], str]:
    """An executed notebook's code-cell outputs, counted: errors, SVG and PNG pictures, Markdown tables;
    and their stream text (what the cells printed), joined -- what a learn-to-play test checks."""
    outs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    n = {"errors": sum(o.get("output_type") == "error" for o in outs),
         "svgs": sum("image/svg+xml" in o.get("data", {}) for o in outs),
         "pngs": sum("image/png" in o.get("data", {}) for o in outs),
         "tables": sum("text/markdown" in o.get("data", {}) for o in outs)}
    return n, "".join(o.get("text", "") for o in outs)


# -- the play dashboard's game picker and MatchPlayer -------------------------------------------------
GAME_PICKER = ".nollab-game-picker select"
MATCH_PLAYER = ".nollab-match-player"
MATCH_BOARD = f"{MATCH_PLAYER} canvas.nollab-board"
MATCH_LOG = f"{MATCH_PLAYER} .nollab-log"

#: how many canvas pixels are exactly ``rgb`` (opaque)
COUNT_COLOUR_JS = """
([sel, rgb]) => {
  const c = document.querySelector(sel);
  if (!c || !c.width) return 0;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4)
    if (d[i] === rgb[0] && d[i + 1] === rgb[1] && d[i + 2] === rgb[2] && d[i + 3] === 255) n++;
  return n;
}
"""

def zone_rects(scene_map, zone: str, cell: float, inset: int = 2) -> list[list[int]]:
    """Pixel rectangles [x, y, w, h] of a Zone's cells on a board drawn at ``cell`` px a cell, ``inset``
    px inside each cell (walls and outlines left out)."""
    return [[int(c * cell) + inset, int(r * cell) + inset, int(cell) - 2 * inset, int(cell) - 2 * inset]
            for r, c in scene_map.board.zone(zone).cells]


#: a cheap hash of the canvas pixels (changes when the picture does)
CANVAS_HASH_JS = """
(sel) => {
  const c = document.querySelector(sel);
  if (!c || !c.width) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 7) h = (Math.imul(h, 31) + d[i]) | 0;
  return h;
}
"""


def pick_game(page: Any, title: str) -> list[str]:
    """Choose the game whose picker label starts with ``title``; returns all the labels (asserts it is one)."""
    labels = page.eval_on_selector_all(f"{GAME_PICKER} option",
                                       "os => os.map(o => o.textContent.replace(/\u00a0/g, ' '))")
    assert any(t.startswith(title) for t in labels), labels
    page.select_option(GAME_PICKER, index=next(i for i, t in enumerate(labels) if t.startswith(title)))
    return labels


def colour_counts(page: Any, colours: dict[str, tuple[int, int, int]], wait_for: str, more_than: int,
                  canvas: str = MATCH_BOARD) -> dict[str, int]:
    """Pixels of each named colour on ``canvas``, read once colour ``wait_for`` covers more than ``more_than``."""
    page.wait_for_function(f"([s, rgb, n]) => ({COUNT_COLOUR_JS.strip()})([s, rgb]) > n",
                           arg=[canvas, list(colours[wait_for]), more_than], timeout=30_000, polling=100)
    return {k: page.evaluate(COUNT_COLOUR_JS, [canvas, list(rgb)]) for k, rgb in colours.items()}


def step_until_logged(page: Any, tries: int = 12) -> tuple[bool, bool, str]:
    """Click the MatchPlayer's "Step" until its event log changes (an engine task may change nothing:
    step again). Returns (board changed, log changed, the log before the last step)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.wait_for_selector(MATCH_LOG, state="visible")
    hash0 = page.evaluate(CANVAS_HASH_JS, MATCH_BOARD)
    step = page.locator(f"{MATCH_PLAYER} button:text-is('Step')")
    board_changed = log_changed = False
    log1 = page.inner_text(MATCH_LOG)
    for _ in range(tries):
        log1, hash1 = page.inner_text(MATCH_LOG), page.evaluate(CANVAS_HASH_JS, MATCH_BOARD)
        step.click()
        try:
            page.wait_for_function(
                f"([s, h, l, old]) => ({CANVAS_HASH_JS.strip()})(s) !== h || document.querySelector(l).innerText !== old",
                arg=[MATCH_BOARD, hash1, MATCH_LOG, log1], timeout=5_000, polling=50)
        except PlaywrightTimeout:
            continue
        page.wait_for_timeout(300)  # let the rest of the frame land
        board_changed |= page.evaluate(CANVAS_HASH_JS, MATCH_BOARD) != hash0
        if page.inner_text(MATCH_LOG) != log1:
            log_changed = True
            break
    return board_changed, log_changed, log1


def undo_gives_back(page: Any, log_before: str) -> None:
    """Click "Undo": the MatchPlayer's log must be ``log_before`` again (within 10 s)."""
    page.locator(f"{MATCH_PLAYER} button:text-is('Undo')").click()
    page.wait_for_function("([l, old]) => document.querySelector(l).innerText === old",
                           arg=[MATCH_LOG, log_before], timeout=10_000)
