import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { appStylesLoaded, loadAppStylesAside } from "../../web/src/app/prerender/app-styles";
import { DropPrerendered } from "../../web/src/app/prerender/DropPrerendered";
import { PRERENDERED_ID } from "../../web/src/app/prerender/first-screen";

/** A page as the build writes it: the first screen naming the app's stylesheets. */
function screenNaming(hrefs: string) {
  const screen = document.createElement("div");
  screen.id = PRERENDERED_ID;
  screen.setAttribute("data-app-styles", hrefs);
  document.body.appendChild(screen);
}

const asideLinks = () => [...document.querySelectorAll<HTMLLinkElement>("link[data-app-styles]")];
const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("the app's stylesheet on a page with a prerendered first screen", () => {
  it("loads aside as print, the app waits for it, and the page that replaces the screen applies it", async () => {
    screenNaming("/assets/start-a.css /assets/extra-b.css");
    loadAppStylesAside();
    const links = asideLinks();
    expect(links.map((link) => [link.getAttribute("href"), link.rel, link.media])).toEqual([
      ["/assets/start-a.css", "stylesheet", "print"],
      ["/assets/extra-b.css", "stylesheet", "print"],
    ]);

    links[0].dispatchEvent(new Event("load"));
    expect(await settled(appStylesLoaded())).toBe(false);
    links[1].dispatchEvent(new Event("load"));
    expect(await settled(appStylesLoaded())).toBe(true);
    expect(links.map((link) => link.media)).toEqual(["print", "print"]);

    render(<DropPrerendered />);
    expect(document.getElementById(PRERENDERED_ID)).toBeNull();
    expect(links.map((link) => link.media)).toEqual(["all", "all"]);
  });

  it("a sheet that fails to load is removed and does not hold the app back", async () => {
    screenNaming("/assets/start-a.css");
    loadAppStylesAside();
    asideLinks()[0].dispatchEvent(new Event("error"));
    expect(await settled(appStylesLoaded())).toBe(true);
    expect(asideLinks()).toHaveLength(0);
  });

  it("a page without a prerendered screen loads nothing aside (index.html links the styles)", async () => {
    loadAppStylesAside();
    expect(asideLinks()).toHaveLength(0);
    expect(await settled(appStylesLoaded())).toBe(true);
  });
});
