import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

describe("App", () => {
  it("shows the not-found page on an unknown route", async () => {
    // The router reads the location when it is created, so set it before importing the app.
    window.history.pushState({}, "", "/no-such-page");
    const { App } = await import("../../web/src/app/App");
    render(<App />);
    expect(await screen.findByText("Страница не найдена", {}, { timeout: 5000 })).toBeTruthy();
  });
});
