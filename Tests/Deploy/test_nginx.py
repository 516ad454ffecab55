"""A user, a script and a failure through deploy/nginx/navigation-demo.conf over https."""
import gzip
import http.client
import json
import os
import re
import signal
import socket
import ssl
import time


class Jar:
    """A browser-like client: one cookie jar, the headers a browser sends, over nginx's https."""

    def __init__(self, deployment):
        self.deployment = deployment
        self.cookie = None
        self.instances = []

    def get(self, path, accept="text/html", encoding=None):
        connection = self.deployment.https()
        headers = {"Accept": accept}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if encoding:
            headers["Accept-Encoding"] = encoding
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        body = response.read()
        set_cookie = response.getheader("Set-Cookie")
        if set_cookie:
            self.cookie = set_cookie.split(";", 1)[0]
        self.instances.append(response.getheader("X-Instance"))
        connection.close()
        return response, body, set_cookie

    def state(self, path):
        response, body, _ = self.get(path, accept="application/json")
        assert response.status == 200, (path, response.status)
        return json.loads(body)


def stack(state, tab):
    return [next(iter(route)) for route in state["tabs"][tab]["path"]]


def test_over_https_the_cookie_is_secure_and_any_instance_serves_the_next_click(deployment):
    user = Jar(deployment)
    response, _, set_cookie = user.get("/home/orders")
    assert response.status == 200
    assert set_cookie.startswith("__Host-nav=")
    attributes = [part.strip() for part in set_cookie.split(";")[1:]]
    assert "Secure" in attributes and "Path=/" in attributes and "HttpOnly" in attributes
    assert not any(part.lower().startswith("domain") for part in attributes)

    steps = [
        ("/home/orders/order/ORD-001", "home", ["orderHistory", "orderDetail"]),
        ("/recipes/category/desserts", "recipes", ["category"]),
        ("/profile/settings", "profile", ["settings"]),
    ]
    for path, tab, expected in steps:
        response, _, _ = user.get(path)
        assert response.status == 200, path
        state = user.state(path)
        assert state["selectedTab"] == tab and stack(state, tab) == expected, (path, state)
    # Each tab kept its stack across instances: the cookie, not an instance, holds it.
    state = user.state("/profile/settings")
    assert stack(state, "home") == ["orderHistory", "orderDetail"]
    assert stack(state, "recipes") == ["category"]
    served = [name for name in user.instances if name]
    assert set(served) == {"web-1", "web-2", "web-3"}, served
    assert all(a != b for a, b in zip(served, served[1:])), f"round robin: {served}"


def test_static_files_come_from_nginx_with_the_same_cache_headers(deployment):
    user = Jar(deployment)
    response, body, _ = user.get("/app.css?v=anything")
    assert response.status == 200 and body
    assert response.getheader("X-Instance") is None, "served by nginx, not an instance"
    assert response.getheader("Cache-Control") == "public, max-age=31536000, immutable"
    assert response.getheader("X-Content-Type-Options") == "nosniff"
    response, _, _ = user.get("/app.css")
    assert response.getheader("Cache-Control") == "public, max-age=3600"
    response, _, _ = user.get("/.hidden")
    assert response.status == 404


def test_html_and_css_are_compressed(deployment):
    user = Jar(deployment)
    for path in ("/home/orders", "/app.css"):
        response, body, _ = user.get(path, encoding="gzip")
        assert response.status == 200
        assert response.getheader("Content-Encoding") == "gzip", path
        assert gzip.decompress(body), path


def test_nginx_names_no_version(deployment):
    """Neither the Server header nor an error page says which nginx answers."""
    user = Jar(deployment)
    for path in ("/home/orders", "/app.css", "/.hidden"):
        response, body, _ = user.get(path)
        assert response.getheader("Server") == "nginx", (path, response.getheader("Server"))
        assert not re.search(rb"nginx/\d", body), path
    connection = http.client.HTTPConnection("127.0.0.1", deployment.http_port, timeout=10)
    connection.request("GET", "/", headers={"Host": "shop.test"})
    response = connection.getresponse()
    assert response.getheader("Server") == "nginx" and not re.search(rb"nginx/\d", response.read())


def test_plain_http_is_redirected_to_https(deployment):
    connection = http.client.HTTPConnection("127.0.0.1", deployment.http_port, timeout=10)
    connection.request("GET", "/home/orders?x=1", headers={"Host": "shop.test"})
    response = connection.getresponse()
    assert response.status == 301
    assert response.getheader("Location") == "https://shop.test/home/orders?x=1"


def test_a_direct_request_to_an_instance_gets_the_plain_cookie(deployment):
    instance = deployment.instances[0]
    connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=10)
    connection.request("GET", "/home/orders", headers={"X-Forwarded-Proto": "https"})
    response = connection.getresponse()
    response.read()
    # From 127.0.0.1 itself, the trusted address: this test speaks for nginx, so https is believed.
    assert response.getheader("Set-Cookie").startswith("__Host-nav=")
    connection.request("GET", "/home/orders")
    response = connection.getresponse()
    response.read()
    set_cookie = response.getheader("Set-Cookie")
    assert set_cookie.startswith("nav=") and "Secure" not in set_cookie


def test_nginx_names_each_request_and_keeps_metrics_and_health_to_itself(deployment):
    user = Jar(deployment)
    ids = set()
    for _ in range(3):
        response, _, _ = user.get("/home/orders")
        request_id = response.getheader("X-Request-Id") or ""
        assert re.fullmatch(r"[0-9a-f]{32}", request_id), f"nginx's $request_id, passed on: {request_id!r}"
        ids.add(request_id)
    assert len(ids) == 3
    response, _, _ = user.get("/metrics")
    assert response.status == 404, "the instances' metrics are not public"
    instance = deployment.instances[0]
    connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=10)
    connection.request("GET", "/metrics")
    response = connection.getresponse()
    text = response.read().decode()
    assert response.status == 200 and 'http_requests_total{method="GET",status="200",screen="home/orderHistory"}' in text
    response, body, _ = user.get("/healthz")
    assert response.status == 200 and body == b"ok"


def test_gets_survive_an_instance_killed_without_warning(deployment):
    """Last in this module: it kills web-3 (and starts it again on the same port)."""
    victim = deployment.instances[2]
    user = Jar(deployment)
    user.get("/home/orders")
    os.kill(victim.process.pid, signal.SIGKILL)
    victim.process.wait()
    statuses = [user.get(path)[0].status for path in ["/home/orders/order/ORD-00%d" % (n % 3 + 1) for n in range(30)]]
    assert statuses == [200] * 30
    assert "web-3" not in user.instances[1:]
    assert user.state("/home/orders/order/ORD-003")["selectedTab"] == "home"
    victim.start(port=victim.port)
    # nginx tries a failed server again once fail_timeout (2 s) has passed since it last failed,
    # and gives it its share of requests back gradually (its weight counts up again from zero).
    deadline = time.monotonic() + 6
    seen = []
    while time.monotonic() < deadline and "web-3" not in seen:
        assert user.get("/home/orders")[0].status == 200
        seen.append(user.instances[-1])
        time.sleep(0.05)
    assert "web-3" in seen, f"not back in the rotation: {seen[-10:]}"


def test_tls_is_mozillas_intermediate_profile(deployment):
    user = Jar(deployment)
    for path in ("/home/orders", "/app.css", "/nowhere/at/all", "/metrics", "/healthz"):
        response, _, _ = user.get(path)
        assert response.getheader("Strict-Transport-Security") == "max-age=63072000", path
    # TLS 1.2 offers AEAD ciphers only: a client that knows nothing else but CBC gets no handshake.
    for ciphers, accepted in (("ECDHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384:ECDHE-RSA-AES128-SHA", False),
                              ("ECDHE-RSA-AES128-GCM-SHA256", True), ("ECDHE-RSA-CHACHA20-POLY1305", True)):
        context = ssl.create_default_context(cafile=deployment.certificate)
        context.maximum_version = ssl.TLSVersion.TLSv1_2
        context.set_ciphers(ciphers)
        try:
            with socket.create_connection(("127.0.0.1", deployment.https_port), 10) as sock:
                with context.wrap_socket(sock, server_hostname="shop.test") as tls:
                    negotiated = tls.cipher()[0]
                    assert accepted, f"{negotiated} was accepted"
                    assert negotiated == ciphers
                    # No session ticket: resumption only from the server's own cache.
                    assert not tls.session.has_ticket
        except ssl.SSLError:
            assert not accepted, f"{ciphers} was refused"
