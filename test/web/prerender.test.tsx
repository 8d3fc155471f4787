import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DropPrerendered } from "../../web/src/app/prerender/DropPrerendered";
import { PRERENDERED_ID, whenFirstScreenPainted } from "../../web/src/app/prerender/first-screen";
import { prerender } from "../../web/src/app/prerender/prerender";
import { authTexts } from "../../web/src/ui/texts/auth";
import { sharePageTexts } from "../../web/src/ui/texts/sharePage";

const parsed = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("the first screens the build writes into the HTML", () => {
  it("the login page: its heading, the e-mail and password fields and the button", () => {
    const page = parsed(prerender("/login"));
    expect(page.querySelector("h1")?.textContent).toBe(authTexts.login.title);
    expect(page.querySelector('input[type="email"]')).not.toBeNull();
    expect(page.querySelector('input[type="password"]')).not.toBeNull();
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe(authTexts.login.submit);
    expect(page.querySelector(".radix-themes.light")).not.toBeNull();
  });

  it("a share page: the bar with the brand, «Только чтение» and the call to try, the messages still loading", () => {
    const page = parsed(prerender("/share/abc"));
    expect(page.querySelector("header")?.textContent).toContain(sharePageTexts.readOnly);
    expect(page.querySelector('a[href="/register"]')?.textContent).toBe(sharePageTexts.cta);
    expect(page.querySelector('[role="status"]')).not.toBeNull();
  });
});

describe("DropPrerendered", () => {
  it("takes the prerendered first screen away once a page renders", () => {
    const prerendered = document.createElement("div");
    prerendered.id = PRERENDERED_ID;
    document.body.appendChild(prerendered);
    render(<DropPrerendered />);
    expect(document.getElementById(PRERENDERED_ID)).toBeNull();
  });
});

describe("whenFirstScreenPainted: the app starts once the prerendered first screen is on screen", () => {
  /** A browser's paint reports, played by hand: `paint()` is the first contentful paint. */
  function fakePaints() {
    const painted: { name: string }[] = [];
    const observers: (() => void)[] = [];
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(this.callback);
      }
      disconnect() {}
    }
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    vi.spyOn(performance, "getEntriesByName").mockImplementation(
      (name) => painted.filter((e) => e.name === name) as PerformanceEntryList,
    );
    return {
      paint() {
        painted.push({ name: "first-contentful-paint" });
        for (const callback of observers) callback();
      },
    };
  }
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 0));
    return done;
  };
  let screen: HTMLElement | null = null;
  const withPrerendered = () => {
    screen = document.createElement("div");
    screen.id = PRERENDERED_ID;
    document.body.appendChild(screen);
  };
  afterEach(() => {
    screen?.remove();
    screen = null;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("waits for the first contentful paint of a page that has a prerendered screen", async () => {
    const paints = fakePaints();
    withPrerendered();
    const started = whenFirstScreenPainted();
    expect(await settled(started)).toBe(false);
    paints.paint();
    expect(await settled(started)).toBe(true);
  });

  it("starts at once on a page without one, after a paint already reported, and in a hidden tab", async () => {
    const paints = fakePaints();
    expect(await settled(whenFirstScreenPainted())).toBe(true);
    withPrerendered();
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    expect(await settled(whenFirstScreenPainted())).toBe(true);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    paints.paint();
    expect(await settled(whenFirstScreenPainted())).toBe(true);
  });

  it("starts at once where the browser reports no paints", async () => {
    withPrerendered();
    vi.stubGlobal("PerformanceObserver", undefined);
    expect(await settled(whenFirstScreenPainted())).toBe(true);
  });
});
