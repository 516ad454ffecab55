"""The deployment of deploy/: three demo instances behind Debian's nginx running
deploy/nginx/navigation-demo.conf itself, on loopback, with a certificate made by openssl for the
session. The instances share one database: a fresh one in the PostgreSQL cluster that
DEMO_TEST_DATABASE_URL names (scripts/with-postgres), else one SQLite file. Only the values the
site file marks "(replaced by the test)" are replaced; every process is stopped and every file
removed on every path."""
import http.client
import os
import pathlib
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.parse
import uuid

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SITE = ROOT / "deploy" / "nginx" / "navigation-demo.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
HOST = "shop.test"


def executable():
    if os.environ.get("NAVIGATION_DEMO"):   # a copy of a build (scripts/test's, while it builds the next)
        return pathlib.Path(os.environ["NAVIGATION_DEMO"])
    # DEPLOY_BUILD=release measures the optimized build (scripts/test runs the debug one it built).
    builds = ("release", "debug") if os.environ.get("DEPLOY_BUILD") == "release" else ("debug", "release")
    for build in (ROOT / ".build" / name for name in builds):
        if (build / "navigation-demo").exists():
            return build / "navigation-demo"
    pytest.fail("navigation-demo is not built: run `swift build` (scripts/test does) first")


def free_ports(count):
    """`count` distinct loopback ports no one held a moment ago (all probed at once, so distinct)."""
    probes = [socket.socket() for _ in range(count)]
    try:
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [probe.getsockname()[1] for probe in probes]
    finally:
        for probe in probes:
            probe.close()


def replaced(text, old, new):
    """`text` with `old` replaced, which must occur exactly once: a changed file fails loudly."""
    assert text.count(old) == 1, f"{SITE.name} no longer holds {old!r} once"
    return text.replace(old, new)


def database_options():
    """A fresh database in the cluster DEMO_TEST_DATABASE_URL names, or [] for SQLite."""
    admin = os.environ.get("DEMO_TEST_DATABASE_URL")
    if not admin:
        return []
    url = urllib.parse.urlsplit(admin)
    name = "deploy_" + uuid.uuid4().hex
    subprocess.run([os.path.join(os.environ["PG_BIN"], "createdb"), "-h", url.hostname, "-p", str(url.port),
                    "-U", url.username, name], check=True)
    return ["--database", urllib.parse.urlunsplit(url._replace(path="/" + name))]


class Instance:
    def __init__(self, name, data, public, options):
        self.name, self.data, self.public, self.options = name, data, public, options
        # Its request log, across restarts.
        self.log = os.path.join(os.path.dirname(data), name + ".log")
        self.process = None
        self.port = 0

    def start(self, port=0):
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [str(executable()), "--port", str(port), "--data-dir", self.data, "--public", self.public,
                 "--templates", str(ROOT / "Templates"), "--trusted-proxy", "127.0.0.1",
                 "--instance-name", self.name] + self.options,
                stdout=subprocess.PIPE, stderr=log, text=True)
        line = self.process.stdout.readline().strip()
        match = re.search(r":(\d+)/$", line)
        assert match, f"{self.name} did not start: {line!r}"
        self.port = int(match.group(1))

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Deployment:
    def __init__(self, folder, secrets=None, count=3):
        self.folder = folder
        self.public = os.path.join(folder, "public")
        shutil.copytree(ROOT / "Public", self.public)
        data = os.path.join(folder, "data")
        options = database_options() + ["--metrics"]
        # With `secrets`, the instances read them from a file the test rewrites to rotate them.
        self.secret_file = os.path.join(folder, "secrets")
        if secrets:
            self.write_secrets(secrets)
            options += ["--secret-file", self.secret_file]
        self.instances = [Instance(f"web-{n}", data, self.public, options) for n in range(1, count + 1)]
        self.nginx = None
        self.https_port = self.http_port = None
        self.certificate = os.path.join(folder, "cert.pem")

    def start(self):
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=DNS:{HOST}",
                        "-keyout", os.path.join(self.folder, "key.pem"), "-out", self.certificate],
                       check=True, capture_output=True)
        # One after the other: the first makes the data folder's secret and database.
        for instance in self.instances:
            instance.start()
        # nginx's ports are picked only now, after the instances hold theirs, and picked again
        # when another process took one in between (a probe's free port is free only until
        # someone binds it; the suite's other phases bind port 0 all the time).
        for _ in range(5):
            self.https_port, self.http_port = free_ports(2)
            if self.start_nginx():
                return
        pytest.fail("nginx found no free ports in five tries: " + self.error_log())

    def start_nginx(self):
        """nginx on `https_port` and `http_port`: True once it answers a TLS handshake with this
        deployment's certificate, False when it exited because a port was taken."""
        site = SITE.read_text()
        site = replaced(site, "    server 127.0.0.1:8081 max_fails=1 fail_timeout=2s;\n"
                              "    server 127.0.0.1:8082 max_fails=1 fail_timeout=2s;\n"
                              "    server 127.0.0.1:8083 max_fails=1 fail_timeout=2s;\n",
                        "".join(f"    server 127.0.0.1:{i.port} max_fails=1 fail_timeout=2s;\n" for i in self.instances))
        site = replaced(site, "    listen 80;\n    listen [::]:80;\n", f"    listen 127.0.0.1:{self.http_port};\n")
        site = replaced(site, "    listen 443 ssl http2;\n    listen [::]:443 ssl http2;\n",
                        f"    listen 127.0.0.1:{self.https_port} ssl http2;\n")
        site = site.replace("server_name example.com;", f"server_name {HOST};")
        site = replaced(site, "/etc/ssl/certs/navigation-demo.pem", self.certificate)
        site = replaced(site, "/etc/ssl/private/navigation-demo.key", os.path.join(self.folder, "key.pem"))
        site = replaced(site, "root /srv/navigation-demo/Public;", f"root {self.public};")
        with open(os.path.join(self.folder, "site.conf"), "w") as file:
            file.write(site)
        temp = "".join(f"    {kind}_temp_path {self.folder}/{kind};\n"
                       for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        with open(os.path.join(self.folder, "nginx.conf"), "w") as file:
            file.write(f"""daemon off;
worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log warn;
worker_shutdown_timeout 10s;
events {{ worker_connections 2048; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    # Which instance answered each request (a browser cannot read X-Instance).
    log_format upstream '$request_method $request_uri $status $upstream_addr';
    access_log {self.folder}/access.log upstream;
{temp}    include {self.folder}/site.conf;
}}
""")
        check = subprocess.run([NGINX, "-t", "-p", self.folder, "-c", os.path.join(self.folder, "nginx.conf")],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        # This try's log alone: a taken port is told by the message nginx writes as it exits.
        open(os.path.join(self.folder, "error.log"), "w").close()
        self.nginx = subprocess.Popen([NGINX, "-p", self.folder, "-c", os.path.join(self.folder, "nginx.conf")],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # A connection alone could reach whoever else holds the port: the handshake proves it is
        # this nginx, with this certificate.
        context = ssl.create_default_context(cafile=self.certificate)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.nginx.poll() is not None:
                if "Address already in use" in self.error_log():
                    return False
                pytest.fail(f"nginx exited {self.nginx.returncode}: " + self.error_log())
            try:
                with socket.create_connection(("127.0.0.1", self.https_port), timeout=1) as sock:
                    context.wrap_socket(sock, server_hostname=HOST).close()
                return True
            except (OSError, ssl.SSLError):
                time.sleep(0.05)
        pytest.fail("nginx did not start: " + self.error_log())

    def error_log(self):
        try:
            with open(os.path.join(self.folder, "error.log")) as log:
                return log.read()
        except FileNotFoundError:
            return ""

    def stop(self):
        if self.nginx and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)
            try:
                self.nginx.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
                self.nginx.wait()
        for instance in self.instances:
            instance.stop()

    def write_secrets(self, secrets):
        with open(self.secret_file, "w") as file:
            file.write("".join(secret + "\n" for secret in secrets))

    def restart_one_at_a_time(self):
        """SIGTERM to each instance in turn (it answers what is in flight and exits 0), then
        the same instance again on its port, and a pause longer than the site's fail_timeout
        (2 s): nginx leaves an instance that refused a connection alone for that long, and with
        all of them left alone it has nowhere to send a request (502)."""
        for instance in self.instances:
            instance.stop()
            assert instance.process.returncode == 0, f"{instance.name} exited {instance.process.returncode}"
            instance.start(port=instance.port)
            time.sleep(2.5)

    def answered(self):
        """(method, URI, status, instance name) of each request nginx passed to an instance, in
        order; the instance that finally answered when it tried more than one."""
        names = {f"127.0.0.1:{instance.port}": instance.name for instance in self.instances}
        with open(os.path.join(self.folder, "access.log")) as log:
            lines = [line.split(" ", 3) for line in log.read().splitlines()]
        return [(method, uri, int(status), names.get(upstream.split(", ")[-1], upstream))
                for method, uri, status, upstream in lines if upstream != "-"]

    def https(self):
        """A connection to nginx that checks the certificate for shop.test."""
        context = ssl.create_default_context(cafile=self.certificate)
        return Connection(self.https_port, context)


class Connection(http.client.HTTPSConnection):
    """HTTPS to 127.0.0.1, verifying the certificate as shop.test's (the name a browser would use)."""

    def __init__(self, port, context):
        super().__init__(HOST, port, context=context, timeout=30)
        self.context = context

    def connect(self):
        sock = socket.create_connection(("127.0.0.1", self.port), self.timeout)
        self.sock = self.context.wrap_socket(sock, server_hostname=HOST)


def running(secrets=None):
    folder = tempfile.mkdtemp(prefix="deploy-")
    # nginx's workers run as another user when the test runs as root: they read Public/ through it.
    os.chmod(folder, 0o755)
    deployment = Deployment(folder, secrets)
    try:
        deployment.start()
        yield deployment
    finally:
        deployment.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def deployment():
    yield from running()


@pytest.fixture(scope="module")
def rotating_deployment():
    """Instances that read their secrets from a file: "old secret", at first."""
    yield from running(secrets=[OLD_SECRET])


OLD_SECRET = "the old secret, at least sixteen characters"
NEW_SECRET = "the new secret, also at least sixteen characters"
