"""Rotating the cookie secret under load, as README's "Deploying" says, logs nobody out: the new
secret is first added second on each instance, one at a time (all still sign with the old one, and
all accept both); then moved first, one at a time (all accept what any signs); then the old one is
retired: the cookies signed with it alone are replaced, never with an error."""
import time

from conftest import NEW_SECRET, OLD_SECRET
from test_failover import SECONDS, Load, report
from test_walk import Walker, stacks


def test_rotating_the_secret_under_load_logs_nobody_out(rotating_deployment):
    deployment = rotating_deployment
    active, idle = Walker(deployment), Walker(deployment)
    for walker in (active, idle):
        walker.go("/recipes/category/desserts/recipe/apple-pie")
        walker.go("/profile/settings")

    # Under load from before the first restart to after the last (and 30 s at least in the long run).
    load = Load(deployment, SECONDS // 2)
    load.start()
    time.sleep(2)
    # Prepending the new secret straight away would let an instance restarted first sign
    # cookies that those not yet restarted cannot read: hence the new secret goes second first.
    deployment.write_secrets([OLD_SECRET, NEW_SECRET])
    deployment.restart_one_at_a_time()
    deployment.write_secrets([NEW_SECRET, OLD_SECRET])
    deployment.restart_one_at_a_time()
    # A cookie signed with the old secret, untouched since, still holds its stacks everywhere.
    for _ in range(3):
        assert stacks(idle.state("/profile/settings")).get("recipes") == ["category", "recipe"]
    # A change of state signs the cookie afresh, with the new secret.
    active.go("/home/orders")
    figures = load.finish()
    report("secret rotation (new secret added second, then first; two rolling restarts)", figures, load)
    assert figures["bad"] == 0 and figures["socket errors"] == 0, figures
    assert load.errors == [] and load.lost_states == 0
    assert load.lost_edits() == []

    deployment.write_secrets([NEW_SECRET])
    deployment.restart_one_at_a_time()
    assert stacks(active.state("/home/orders")).get("recipes") == ["category", "recipe"]
    # Signed with the retired secret alone: ignored and replaced, the page served as its URL says.
    stale = idle.cookie
    response, _ = idle.request("GET", "/profile/settings")
    assert response.status == 200
    assert idle.cookie != stale
    assert stacks(idle.state("/profile/settings")).get("recipes") is None
