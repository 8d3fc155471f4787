import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ConsentGate } from "../../web/src/features/legal/ConsentGate";
import { fakeChatApi, json } from "./chat-fakes";
import { resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";

// docs/legal.md "Consent": a new version of the documents (or an account from a first external
// sign-in) is accepted before anything else; the box is never ticked in advance.

const state = (required: boolean, accepted_at: string | null = "2026-11-01T10:00:00.000Z") => ({
  required,
  terms_version: 2,
  privacy_version: 1,
  accepted_at,
});

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGate = () =>
  render(
    <Providers>
      <ConsentGate />
    </Providers>,
  );

it("asks again after a new version, and records the consent once ticked", async () => {
  const api = fakeChatApi({
    "GET /users/self/consent": () => json(state(true)),
    "POST /users/self/consent": () => json(state(false)),
  });
  renderGate();
  expect(await screen.findByText("Документы обновились")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Принять" }));
  expect(await screen.findByText("Отметьте согласие, чтобы продолжить")).toBeTruthy();
  expect(api.callsTo("POST", "/users/self/consent")).toHaveLength(0);
  fireEvent.click(screen.getByRole("checkbox", { name: /Я принимаю/ }));
  fireEvent.click(screen.getByRole("button", { name: "Принять" }));
  await waitFor(() => expect(screen.queryByTestId("consent-gate")).toBeNull());
  expect(api.callsTo("POST", "/users/self/consent")[0]!.body).toEqual({ consent: true });
});

it("a first external sign-in is asked to accept; nothing shows when the consent is current", async () => {
  fakeChatApi({ "GET /users/self/consent": () => json(state(true, null)) });
  renderGate();
  expect(await screen.findByText("Примите условия сервиса")).toBeTruthy();
  cleanup();
  resetStores();
  const api = fakeChatApi({ "GET /users/self/consent": () => json(state(false)) });
  renderGate();
  await waitFor(() => expect(api.callsTo("GET", "/users/self/consent")).toHaveLength(1));
  expect(screen.queryByTestId("consent-gate")).toBeNull();
});
