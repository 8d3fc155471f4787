import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DropPrerendered, PRERENDERED_ID } from "../../web/src/app/prerender/DropPrerendered";
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
