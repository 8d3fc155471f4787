import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { useSettings } from "../../web/src/features/account/settings-store";

const initial = useSettings.getState();
const state = () => useSettings.getState();

describe("settings modal store (docs/product.md §4)", () => {
  beforeEach(() => useSettings.setState(initial, true));

  it("starts closed on the account tab with the active subscription view", () => {
    expect(state()).toMatchObject({ open: false, tab: "account", view: "active" });
  });

  it("opens on the account tab by default", () => {
    state().openSettings();
    expect(state()).toMatchObject({ open: true, tab: "account", view: "active" });
  });

  it("opening on the subscription tab may set the view", () => {
    state().openSettings("subscription", "available");
    expect(state()).toMatchObject({ open: true, tab: "subscription", view: "available" });
  });

  it("opening on the subscription tab without a view shows the active one", () => {
    state().setView("available");
    state().openSettings("subscription");
    expect(state().view).toBe("active");
  });

  it("opening on the account tab ignores a view and resets it to active", () => {
    state().setView("available");
    state().openSettings("account", "available");
    expect(state()).toMatchObject({ tab: "account", view: "active" });
  });

  it("closing resets the view to active and keeps the tab", () => {
    state().openSettings("subscription", "available");
    state().close();
    expect(state()).toMatchObject({ open: false, tab: "subscription", view: "active" });
  });

  it("switches tabs and views while open", () => {
    state().openSettings();
    state().setTab("subscription");
    state().setView("available");
    expect(state()).toMatchObject({ open: true, tab: "subscription", view: "available" });
  });

  it("signing out closes the modal and forgets the tab", () => {
    // logout tells the server (best effort): answer it at the HTTP boundary.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({})),
    );
    useAuth.setState({
      status: "authenticated",
      record: { access_token: "a", refresh_token: "r", email: "a@example.com", name: null },
    });
    state().openSettings("subscription", "available");
    useAuth.getState().logout();
    expect(state()).toMatchObject({ open: false, tab: "account", view: "active" });
    vi.unstubAllGlobals();
  });
});
