"""One user's fifty clicks through nginx, each landing on another instance than the one before:
after every step the state the server reports is the state expected, for every tab."""
import html
import json
import re
import urllib.parse

from conftest import HOST

ORDERS = ["ORD-001", "ORD-002", "ORD-003"]
RECIPES = [("desserts", "apple-pie"), ("desserts", "lemon-tart"), ("desserts", "apple-pie"), ("desserts", "lemon-tart")]


class Walker:
    def __init__(self, deployment):
        self.deployment = deployment
        self.cookie = None
        self.html = ""
        self.landed = []

    def request(self, method, path, body=None, accept="text/html"):
        connection = self.deployment.https()
        headers = {"Accept": accept}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": f"https://{HOST}:{self.deployment.https_port}",
                            "Sec-Fetch-Site": "same-origin"})
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        set_cookie = response.getheader("Set-Cookie")
        if set_cookie:
            assert set_cookie.startswith("__Host-nav=") and "Secure" in set_cookie
            self.cookie = set_cookie.split(";", 1)[0]
        connection.close()
        return response, data

    def state(self, path):
        response, data = self.request("GET", path, accept="application/json")
        assert response.status == 200, (path, response.status)
        return json.loads(data)

    def go(self, path):
        """A click: the page (a step, on some instance), then the state it left (another request)."""
        response, data = self.request("GET", path)
        assert response.status == 200, (path, response.status)
        self.landed.append(response.getheader("X-Instance"))
        self.html = data.decode()
        return self.state(path)

    def link(self, pattern):
        match = re.search(pattern, self.html)
        assert match, pattern
        return html.unescape(match.group(1))

    def save(self, title):
        """Pressing Save in the open sheet: a POST answered 303; the state is the redirect's."""
        action = self.link(r'<form class="form"[^>]* method="post" action="([^"]*)"')
        token = self.link(r'name="_token" value="([^"]*)"')
        body = urllib.parse.urlencode({"_token": token, "_action": "saveOrder", "title": title, "amount": "12.5"})
        response, _ = self.request("POST", action, body=body)
        assert response.status == 303, response.status
        self.landed.append(response.getheader("X-Instance"))
        return self.state(response.getheader("Location"))


def stacks(state):
    return {tab: [next(iter(route)) for route in value["path"]] for tab, value in state["tabs"].items() if value["path"]}


def test_fifty_steps_each_on_another_instance(deployment):
    walker = Walker(deployment)
    expected = {}
    steps = 0

    def check(state, tab, presentation=None):
        nonlocal steps
        steps += 1
        assert state["selectedTab"] == tab, (steps, state)
        assert stacks(state) == expected, (steps, stacks(state), expected)
        shown = state["presentation"] and next(iter(state["presentation"]["destination"]))
        assert shown == presentation, (steps, state["presentation"])

    for cycle in range(4):
        order, deep = ORDERS[cycle % 3], ORDERS[(cycle + 1) % 3]
        category, recipe = RECIPES[cycle]
        expected.pop("home", None)
        check(walker.go("/home"), "home")  # the tab's root: the URL says its stack is empty
        expected["home"] = ["orderHistory"]
        check(walker.go("/home/orders"), "home")
        expected["home"] = ["orderHistory", "orderDetail"]
        check(walker.go(f"/home/orders/order/{order}"), "home")
        expected["recipes"] = ["category"]
        check(walker.go(f"/recipes/category/{category}"), "recipes")
        expected["recipes"] = ["category", "recipe"]
        check(walker.go(f"/recipes/category/{category}/recipe/{recipe}"), "recipes")
        # The Home tab's link leads back to its stack, which only the cookie remembers.
        check(walker.go(walker.link(r'<a class="tab tab-home" href="([^"]*)"')), "home")
        check(walker.go(f"/home/orders/order/{order}?present=edit-order/{order}"), "home", "editOrder")
        title = f"Edited on step {steps + 1}"
        check(walker.save(title), "home")
        # The edit is there whichever instance answers: they share the database.
        check(walker.go(f"/home/orders/order/{order}"), "home")
        assert html.escape(title) in walker.html
        # A deep link rebuilds the tab's stack from its root.
        check(walker.go(f"/order/{deep}"), "home")
        expected["home"] = ["orderHistory"]
        check(walker.go(walker.link(r'<a class="back" href="([^"]*)"')), "home")
        check(walker.go(walker.link(r'<a class="tab tab-recipes" href="([^"]*)"')), "recipes")
    expected["profile"] = ["settings"]
    check(walker.go("/profile/settings"), "profile")
    check(walker.go(walker.link(r'<a class="tab tab-home" href="([^"]*)"')), "home")

    assert steps == 50
    landed = walker.landed
    assert set(landed) == {"web-1", "web-2", "web-3"}
    assert all(a != b for a, b in zip(landed, landed[1:])), f"two steps in a row on one instance: {landed}"
