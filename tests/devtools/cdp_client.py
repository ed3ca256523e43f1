"""A minimal CDP client over the gateway's /devtools/page/<device> socket (websocket-client), as
a script such as chrome-remote-interface speaks it: requests with ids, replies matched by id,
events kept in arrival order."""
import json

import websocket


class CDPError(Exception):
    def __init__(self, error):
        super().__init__(f"{error.get('code')} {error.get('message')}")
        self.code = error.get("code")
        self.message = error.get("message")


class CDP:
    def __init__(self, url, origin=None, timeout=15):
        options = {"suppress_origin": True} if origin is None else {"origin": origin}
        self.ws = websocket.create_connection(url, timeout=timeout, **options)
        self.next_id = 0
        self.events = []

    def close(self):
        self.ws.close()

    def send_raw(self, text):
        self.ws.send(text)

    def receive(self):
        message = json.loads(self.ws.recv())
        if "id" not in message:
            self.events.append(message)
        return message

    def reply(self, id):
        while True:
            message = self.receive()
            if message.get("id", -1) == id:
                return message

    def call_raw(self, method, params=None):
        """The whole reply (result or error)."""
        self.next_id += 1
        request = {"id": self.next_id, "method": method}
        if params is not None:
            request["params"] = params
        self.ws.send(json.dumps(request))
        return self.reply(self.next_id)

    def call(self, method, **params):
        reply = self.call_raw(method, params)
        if "error" in reply:
            raise CDPError(reply["error"])
        return reply["result"]

    def take_events(self, method=None):
        taken = [e for e in self.events if method is None or e["method"] == method]
        self.events = [e for e in self.events if e not in taken]
        return taken

    def wait_event(self, method, timeout=10):
        """The first event of that method, received now or within timeout seconds."""
        for index, event in enumerate(self.events):
            if event["method"] == method:
                return self.events.pop(index)
        self.ws.settimeout(timeout)
        try:
            while True:
                message = self.receive()
                if message.get("method") == method:
                    self.events.remove(message)
                    return message
        finally:
            self.ws.settimeout(15)


def nodes(node):
    """A CDP node and its described descendants, depth first."""
    yield node
    for child in node.get("children", []):
        yield from nodes(child)


def attributes(node):
    values = node.get("attributes", [])
    return dict(zip(values[::2], values[1::2]))
