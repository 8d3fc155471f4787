import { beforeEach, describe, expect, it } from "vitest";
import { useSettings } from "../../web/src/stores/settings";

const initial = useSettings.getState();
const state = () => useSettings.getState();

describe("settings modal store (SPEC.md §4)", () => {
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
});
