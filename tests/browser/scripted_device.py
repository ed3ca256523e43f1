"""A device played by the test itself over the real gateway's /device path: it registers, answers
Tree.getDocument with the document the test gives it (or with an error, or not at all, as many times
as the test says; counting the calls), answers every other
request with the result the test gives for its method, `{}` by default (or with the error the test
names for its method), and sends the events the test writes. For inputs no real program sends: text
that looks like HTML, update ops that do not fit the document, revision gaps."""
import json
import threading

import websocket  # websocket-client (requirements-test.txt)


PAGE_READS = ("Layout.getEdits", "Runtime.getState")


class ScriptedDevice:
    def __init__(self, gateway, instance, document, pid=1):
        self.document = document
        self.failing_documents = 0  # how many of the next Tree.getDocument calls get an error
        self.unanswered_documents = 0  # how many of the next Tree.getDocument calls get no reply (a paused program's)
        self.errors = {}  # method -> the message of the error the device answers it with
        # method -> the result the device answers it with (else {}); the program's list of edits
        # and run state, which a page asks for with each document, as a real program answers.
        self.results = {"Layout.getEdits": {"edits": [], "undo": 0, "redo": 0},
                        "Runtime.getState": {"paused": False, "frame": 0, "time": 0}}
        self.requests = []  # [method, params] of every request the device received
        self.socket = websocket.create_connection(f"{gateway.ws_url}/device", subprotocols=["weft.v1"], timeout=10,
                                                  suppress_origin=True)  # devices are not pages: no Origin
        self.socket.send(json.dumps({"id": 1, "method": "Gateway.register", "params": {
            "protocolVersion": 1, "identity": {"appId": "org.weft.Scripted", "instance": instance, "host": "test"},
            "info": {"appName": "Scripted", "pid": pid, "screen": {"width": 320, "height": 480, "scale": 2}}}}))
        registered = json.loads(self.socket.recv())
        assert "result" in registered, registered
        self.send_lock = threading.Lock()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                message = json.loads(self.socket.recv())
            except (websocket.WebSocketException, OSError, ValueError):
                return
            if "id" not in message or "method" not in message:
                continue
            self.requests.append([message["method"], message.get("params", {})])
            text = self.reply(message)
            if text is not None:
                with self.send_lock:
                    self.socket.send(text)

    def reply(self, request):
        """The text of the reply to `request` (a subclass may send one that is not JSON), or None for none."""
        if request["method"] == "Tree.getDocument" and self.unanswered_documents > 0:
            self.unanswered_documents -= 1
            return None
        if request["method"] == "Tree.getDocument" and self.failing_documents > 0:
            self.failing_documents -= 1
            return json.dumps({"id": request["id"], "error": {"code": -32603, "message": "capture failed"}})
        if request["method"] in self.errors:
            return json.dumps({"id": request["id"], "error": {"code": -32602, "message": self.errors[request["method"]]}})
        result = self.document if request["method"] == "Tree.getDocument" else self.results.get(request["method"], {})
        return json.dumps({"id": request["id"], "result": result})

    def _send(self, message):
        with self.send_lock:
            self.socket.send(json.dumps(message))

    def actions(self):
        """The methods of the requests the device received, less the page's reads with each
        document (the document, the list of edits, the run state)."""
        return [m for m, _ in self.requests if not m.startswith("Tree.") and m not in PAGE_READS]

    def calls(self, method):
        return sum(1 for m, _ in self.requests if m == method)

    def update(self, base_revision, revision, ops):
        """Sends a Tree.updated event."""
        self._send({"method": "Tree.updated", "params": {"baseRevision": base_revision, "revision": revision, "ops": ops}})

    def close(self):
        self.socket.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def element(element_id, frame, children=(), **fields):
    """An element of a snapshot (a node unless `kind` says otherwise)."""
    value = {"id": element_id, "kind": "node", "type": "node", "className": "ASDisplayNode", "frame": list(frame), **fields}
    if children:
        value["children"] = list(children)
    return value


def document(roots, revision=1, controllers=(), instance="scripted", pid=1):
    """A snapshot as the ScriptedDevice registered as `instance` (process `pid`) writes it (its meta names them)."""
    return {"format": "weft.snapshot", "version": 1, "revision": revision,
            "meta": {"appId": "org.weft.Scripted", "appName": "Scripted", "instance": instance, "host": "test", "pid": pid,
                     "screen": {"width": 320, "height": 480, "scale": 2}},
            "roots": list(roots), "rangeControllers": list(controllers)}
