"""The real gateway on a free port."""
import http.client
import json
import re
import urllib.parse

from .paths import ARTIFACTS, REPO_ROOT, gateway_binary
from .processes import ProcessError, read_line, spawn, stop, wait_until

LISTENING = re.compile(r"^weft-gateway listening on (https?)://(.+):(\d+)$")


class Gateway:
    """`with Gateway() as gw:` starts `weft-gateway --port 0` serving web-inspector/ and stops it.

    `restart()` starts it again on the same port (for reconnection tests).
    """

    def __init__(self, token: str | None = None, web_root=None, extra_args=(), start_timeout: float = 10.0):
        self.token = token
        self.web_root = web_root or (REPO_ROOT / "web-inspector")
        self.extra_args = list(extra_args)
        self.start_timeout = start_timeout
        self.process = None
        self.host = None
        self.port = 0
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.log_path = ARTIFACTS / "gateway.log"

    # -- lifecycle --
    def start(self, port: int | None = None):
        binary = gateway_binary()
        if not binary.is_file():
            raise ProcessError(f"the gateway is not built: {binary} is missing (run `make -C gateway`)")
        argv = [binary, "--port", str(self.port if port is None else port), "--web-root", self.web_root]
        if self.token:
            argv += ["--token", self.token]
        argv += self.extra_args
        self.process = spawn(argv, log_path=self.log_path)
        line = read_line(self.process, self.start_timeout, "weft-gateway")
        match = LISTENING.match(line)
        if not match:
            stop(self.process)
            raise ProcessError(f"unexpected first line from weft-gateway: {line!r}")
        self.scheme, self.host, self.port = match.group(1), match.group(2), int(match.group(3))
        return self

    def stop(self):
        stop(self.process)
        self.process = None

    def restart(self):
        """Stops and starts again on the same port (the page must reconnect by itself)."""
        port = self.port
        self.stop()
        wait_until(lambda: self._try_start(port), 10.0, 0.2, f"the gateway to listen again on port {port}")
        return self

    def _try_start(self, port):
        try:
            self.start(port)
            return True
        except ProcessError:
            self.stop()
            return False

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- addresses --
    @property
    def http_url(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def page_url(self, token: str | None = None) -> str:
        """The inspector page, with `#token=` when a token is given (or the gateway's own)."""
        token = self.token if token is None else token
        return f"{self.http_url}/" + (f"#token={urllib.parse.quote(token)}" if token else "")

    # -- HTTP --
    def request(self, method: str, path: str, body=None, headers=None, timeout: float = 10.0):
        """(status, headers dict with lower-case names, body bytes)."""
        connection = http.client.HTTPConnection(self.host.strip("[]"), self.port, timeout=timeout)
        try:
            all_headers = dict(headers or {})
            if self.token and "Authorization" not in all_headers:
                all_headers["Authorization"] = f"Bearer {self.token}"
            data = None
            if body is not None:
                data = json.dumps(body).encode()
                all_headers.setdefault("Content-Type", "application/json")
            connection.request(method, path, body=data, headers=all_headers)
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def get_json(self, path: str):
        status, _, body = self.request("GET", path)
        return status, json.loads(body) if body else None

    def devices(self):
        status, body = self.get_json("/api/devices")
        if status != 200:
            raise ProcessError(f"GET /api/devices answered {status}: {body}")
        return body["devices"]

    def call(self, device: str, method: str, params=None):
        """POST /api/devices/{device}/call; returns the reply's result or raises with its error."""
        path = f"/api/devices/{urllib.parse.quote(device, safe='')}/call"
        status, _, body = self.request("POST", path, {"method": method, "params": params or {}}, timeout=30.0)
        reply = json.loads(body)
        if status != 200 or "error" in reply:
            raise ProcessError(f"{method} on {device}: HTTP {status} {reply.get('error')}")
        return reply.get("result")
