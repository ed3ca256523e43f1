"""Real host programs (Examples/ and TextureGram) with unique instance names."""
import os
import uuid

from .paths import ARTIFACTS
from .processes import ProcessError, spawn, stop, wait_until


def unique_instance(prefix: str = "test") -> str:
    """A WEFT_INSTANCE no other test (or test run) uses."""
    return f"{prefix}-{os.getpid()}-{uuid.uuid4().hex[:8]}"


class HostProgram:
    """`with HostProgram(binary, gateway) as app:` runs a host program attached to the gateway.

    It gets WEFT_GATEWAY, WEFT_INSTANCE (unique) and WEFT_TOKEN; `device_id` is filled once the
    gateway lists its identity.
    """

    def __init__(self, executable, gateway, args=(), instance: str | None = None, env=None):
        self.executable = executable
        self.gateway = gateway
        self.args = list(args)
        self.instance = instance or unique_instance()
        self.extra_env = dict(env or {})
        self.process = None
        self.device = None

    def start(self, register_timeout: float = 20.0):
        if self.executable is None or not os.path.isfile(self.executable):
            raise ProcessError(f"host program not built: {self.executable}")
        env = dict(os.environ)
        env.update({"WEFT_GATEWAY": self.gateway.ws_url, "WEFT_INSTANCE": self.instance})
        if self.gateway.token:
            env["WEFT_TOKEN"] = self.gateway.token
        env.update(self.extra_env)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.process = spawn([self.executable, *self.args], env=env, log_path=ARTIFACTS / f"host-{self.instance}.log")
        self.device = wait_until(self._listed, register_timeout, 0.1, f"{self.executable} ({self.instance}) to register")
        return self

    def _listed(self):
        if self.process.poll() is not None:
            raise ProcessError(f"{self.executable} exited with status {self.process.returncode}")
        for device in self.gateway.devices():
            if device["identity"].get("instance") == self.instance and device["state"] == "connected":
                return device
        return None

    @property
    def device_id(self) -> str:
        return self.device["deviceId"]

    @property
    def identity(self) -> dict:
        return self.device["identity"]

    def call(self, method: str, params=None):
        return self.gateway.call(self.device_id, method, params)

    def stop(self):
        stop(self.process)
        self.process = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
