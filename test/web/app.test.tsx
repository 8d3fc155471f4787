import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accessToken, fakeApi, json, storeRecord } from "./auth-fakes";

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("App", () => {
  it("shows a signed-in user the not-found page on an unknown route", async () => {
    fakeApi({
      "POST /users/token/refresh": () => json({ access_token: accessToken(900), refresh_token: "refresh-2" }),
      "GET /users/self": () => json({ id: 1, email: "anna@example.com", name: "Анна", role: "user" }),
    });
    storeRecord({ access_token: accessToken(900), refresh_token: "refresh-1" });
    // The router reads the location when it is created, so set it before importing the app.
    window.history.pushState({}, "", "/no-such-page");
    const { App } = await import("../../web/src/app/App");
    render(<App />);
    expect(await screen.findByText("Страница не найдена", {}, { timeout: 5000 })).toBeTruthy();
  });
});
