"""The page served by the real gateway, with no device: static files and their MIME types, the
empty device list, and the token check (docs/protocol.md "Transport": the page checks its token with
GET /api/devices because a browser never sees a WebSocket upgrade's status)."""
from harness import Gateway


def test_static_files_have_the_right_mime_types(gateway):
    # ES modules only run when served as JavaScript; the page needs HTML and CSS types too.
    for path, mime in [("/", "text/html"), ("/index.html", "text/html"), ("/js/ui/app.js", "javascript"),
                       ("/js/tree-model.js", "javascript"), ("/css/inspector.css", "text/css")]:
        status, headers, body = gateway.request("GET", path)
        assert status == 200, f"{path}: {status}"
        assert mime in headers["content-type"], f"{path}: {headers['content-type']}"
        assert body, path
    # Only the page's files: the web root's tests and benchmark are not served (docs/gateway.md).
    for path in ("/bench/synthetic-snapshot.js", "/test/tree-model.test.js", "/test/support/scripted-gateway.js"):
        assert gateway.request("GET", path)[0] == 404, path


def test_test_files_are_served_when_asked_for():
    with Gateway(extra_args=["--serve-test-files"]) as gateway:  # what make bench-web runs
        status, headers, _ = gateway.request("GET", "/bench/synthetic-snapshot.js")
        assert status == 200 and "javascript" in headers["content-type"]


def test_empty_device_list(gateway, page):
    page.open(gateway.page_url())
    state, text = page.wait_js("const p = document.getElementById('connection');"
                               "return p.dataset.state === 'connected' && [p.dataset.state, p.textContent];",
                               "the gateway connection")
    assert text == "Gateway connected · pick a device"
    options = page.js("return [...document.querySelectorAll('#device-select option')].map(o => o.textContent)")
    assert options == ["No devices connected"]
    assert page.js("return document.getElementById('tree-empty').hidden") is False
    page.screenshot("empty-device-list")
    assert page.severe_console_errors() == []


def test_bad_token_is_reported_and_a_good_one_connects(page):
    with Gateway(token="s3cret-token") as gateway:
        page.open(gateway.page_url(token="wrong"))
        page.wait_js("return document.getElementById('connection').dataset.state === 'bad-token'", "the bad-token state")
        assert page.pill()[1] == "Bad token"
        banner = page.js("const b = document.getElementById('banner'); return !b.hidden && b.textContent")
        assert banner.startswith("Bad token: the gateway refused the token")
        page.screenshot("bad-token")
        # The page made no WebSocket attempt with the bad token: only the 401 of the check.
        errors = page.severe_console_errors()
        assert all("/api/devices" in e and "401" in e for e in errors), errors

        page.open(gateway.page_url(token=""))
        page.wait_js("return document.getElementById('connection').dataset.state === 'bad-token'", "the token-required state")
        assert page.pill()[1] == "Token required"
        page.severe_console_errors()

        page.open(gateway.page_url())  # the right token
        page.wait_js("return document.getElementById('connection').dataset.state === 'connected'", "the connection")
        assert page.js("return document.getElementById('banner').hidden") is True


def test_a_gateway_restarted_with_another_token_is_reported(page):
    """The page reconnects by itself after a restart; when the new gateway refuses its token,
    it says so instead of retrying forever."""
    with Gateway(token="first") as gateway:
        page.open(gateway.page_url())
        page.wait_js("return document.getElementById('connection').dataset.state === 'connected'", "the connection")
        gateway.token = "second"
        gateway.restart()
        page.wait_js("return document.getElementById('connection').dataset.state === 'bad-token'", "the bad-token state", timeout=20)
        page.screenshot("token-changed")
        page.severe_console_errors()


def test_reconnects_after_a_gateway_restart_without_a_device(page):
    with Gateway() as gateway:
        page.open(gateway.page_url())
        page.wait_js("return document.getElementById('connection').dataset.state === 'connected'", "the connection")
        gateway.stop()
        page.wait_js("return ['disconnected', 'reconnecting'].includes(document.getElementById('connection').dataset.state)",
                     "the lost connection to show")
        gateway.restart()
        page.wait_js("return document.getElementById('connection').dataset.state === 'connected'", "the reconnection", timeout=20)
        page.severe_console_errors()
