"""The API documentation's site under /docs/ (docs/gateway.md, `--docs`): the real gateway serves a
DocC-shaped folder, a page's folder answers its index.html, and nothing outside the folder or of
the page's own files is reachable through it."""
import urllib.error
import urllib.request

from harness import Gateway


def fetch(gateway, path):
    request = urllib.request.Request(f"http://127.0.0.1:{gateway.port}{path}", headers={"Host": f"127.0.0.1:{gateway.port}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Type"), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, None, ""


def test_the_gateway_serves_the_docs_site_and_nothing_beside_it(tmp_path):
    site = tmp_path / "site"
    (site / "documentation" / "weftlayout").mkdir(parents=True)
    (site / "index.html").write_text("<title>Weft docs</title>")
    (site / "documentation" / "weftlayout" / "index.html").write_text("<title>WeftLayout</title>")
    (site / "js").mkdir()
    (site / "js" / "index.js").write_text("export {}")
    (tmp_path / "secret.txt").write_text("secret")
    (site / "documentation" / "out").symlink_to(tmp_path / "secret.txt")
    with Gateway(extra_args=["--docs", str(site)]) as gateway:
        assert fetch(gateway, "/docs/")[2] == "<title>Weft docs</title>"
        assert fetch(gateway, "/docs")[2] == "<title>Weft docs</title>"
        status, kind, body = fetch(gateway, "/docs/documentation/weftlayout")
        assert (status, body) == (200, "<title>WeftLayout</title>") and kind.startswith("text/html")
        assert fetch(gateway, "/docs/js/index.js")[1].startswith("text/javascript")
        for refused in ["/docs/../secret.txt", "/docs/documentation/out", "/docs/missing", "/docs/%2e%2e/secret.txt",
                        "/docsx/index.html"]:
            assert fetch(gateway, refused)[0] == 404, refused
        # The page's own files are still the page's.
        assert "<html" in fetch(gateway, "/")[2].lower()
    with Gateway() as gateway:
        assert fetch(gateway, "/docs/missing-without-a-site")[0] == 404
