"""``nollab dashboard`` options and site (no server here; serving is in test_browser_publish.py).

Every option a visitor-facing server takes is checked before anything starts: one line naming it,
exit 2, nothing written (P. n/a: this is the lab, not the game).
"""
from __future__ import annotations

import json
import socket

import pytest

from nollab.cli import main
from nollab.publish import serve


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("argv, message", [
    (["--ip", "example.org"], "--ip must be an IP address"),
    (["--ip", "300.1.1.1"], "--ip must be an IP address"),
    (["--base-url", "/a b/"], "--base-url must be a path"),
    (["--base-url", "/../x/" + "y" * 300], "--base-url must be a path"),
    (["--token", "short"], "--token must be 8-256 characters"),
    (["--token", "has space in it"], "--token must be 8-256 characters"),
    (["--pool", "-1"], "--pool must be 0..64"),
    (["--pool", "65"], "--pool must be 0..64"),
    (["--pool", "two"], "--pool must be an integer"),
    (["--cull-idle", "5"], "--cull-idle must be 0 (never) or at least 10"),
    (["--cull-idle", "99999999"], "--cull-idle must be 0..604800"),
    (["--port", "0"], "--port must be 1..65535"),
])
def test_bad_options_one_line_exit_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    assert main(["dashboard", *argv, "--print-only"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and message in err, err
    assert list(tmp_path.iterdir()) == []  # nothing was written


def test_print_only_shows_urls_and_config_for_a_proxy(capsys):
    port = _port()
    assert main(["dashboard", "--port", str(port), "--ip", "0.0.0.0", "--base-url", "nollab",
                 "--token", "s3cret-token", "--pool", "4", "--cull-idle", "120", "--print-only"]) == 0
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:{port}/nollab/voila/render/dashboard.ipynb?token=s3cret-token" in out
    cfg = json.loads(out[out.index("{"):])
    assert cfg["Voila"]["ip"] == "0.0.0.0" and cfg["Voila"]["base_url"] == "/nollab/"
    assert cfg["Voila"]["token"] == "s3cret-token" and cfg["Voila"]["port_retries"] == 0
    assert cfg["VoilaConfiguration"]["template"] == "nollab"
    assert cfg["VoilaKernelManager"]["kernel_pools_config"] == {"default": {"pool_size": 4}}
    assert cfg["MappingKernelManager"]["cull_idle_timeout"] == 120
    assert cfg["MappingKernelManager"]["cull_connected"] is False


def test_token_from_environment(capsys, monkeypatch):
    monkeypatch.setenv("NOLLAB_DASHBOARD_TOKEN", "from-the-env-123")
    assert main(["dashboard", "--port", str(_port()), "--print-only"]) == 0
    assert '"token": "from-the-env-123"' in capsys.readouterr().out


def test_site_holds_only_the_dashboards(tmp_path):
    from browser_support import NOTEBOOKS

    assert len(list(NOTEBOOKS.glob("*.ipynb"))) > 2  # the lessons are there, and stay out
    site = serve.build_site(NOTEBOOKS, tmp_path, ("odds", "play"))
    assert sorted(p.name for p in (tmp_path / "site").iterdir()) == ["dashboard-play.ipynb", "dashboard.ipynb"]
    assert [p.name for p in site] == ["dashboard.ipynb", "dashboard-play.ipynb"]
    with pytest.raises(ValueError, match="--only play"):
        (tmp_path / "nb").mkdir()
        (tmp_path / "nb" / "dashboard.ipynb").write_text("{}")
        serve.build_site(tmp_path / "nb", tmp_path / "out", ("play",))


def test_template_ships_with_the_package_and_links_nothing_outside():
    root = serve.template_root() / "voila" / "templates" / serve.TEMPLATE
    assert json.loads((root / "conf.json").read_text())["base_template"] == "lab"
    for f in root.iterdir():
        text = f.read_text()
        assert "cdn." not in text and "https://" not in text.replace('href="https://', ""), f.name
