import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { YourData } from "../../web/src/features/account/YourData";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { fakeChatApi, json } from "./chat-fakes";
import { resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";

// docs/legal.md "Your data" in the account tab: a download of everything, and deleting the account
// with the password.

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderIt = (hasPassword = true) =>
  render(
    <Providers>
      <YourData hasPassword={hasPassword} />
    </Providers>,
  );

it("deletes the account with the password and signs out; a wrong password says why and keeps the user in", async () => {
  let answer = () => json({ detail: "Неверный текущий пароль" }, 403);
  const api = fakeChatApi({ "DELETE /users/self": () => answer() });
  renderIt();
  fireEvent.click(screen.getByRole("button", { name: "Удалить аккаунт" }));
  const confirm = await screen.findByRole("button", { name: "Удалить навсегда" });
  expect(confirm).toHaveProperty("disabled", true);
  fireEvent.change(screen.getByLabelText("Пароль"), { target: { value: "не-тот" } });
  fireEvent.click(confirm);
  expect(await screen.findByText("Неверный текущий пароль")).toBeTruthy();
  expect(useAuth.getState().status).toBe("authenticated");

  answer = () => new Response(null, { status: 204 });
  fireEvent.change(screen.getByLabelText("Пароль"), { target: { value: "верный-пароль" } });
  fireEvent.click(screen.getByRole("button", { name: "Удалить навсегда" }));
  await waitFor(() => expect(useAuth.getState().status).toBe("anonymous"));
  expect(api.callsTo("DELETE", "/users/self").map((c) => c.body)).toEqual([
    { password: "не-тот" },
    { password: "верный-пароль" },
  ]);
});

it("«Скачать мои данные» fetches the archive; a failure says so", async () => {
  const api = fakeChatApi({ "GET /users/self/export": () => json({ detail: "Сбой" }, 500) });
  renderIt(false);
  fireEvent.click(screen.getByRole("button", { name: "Скачать мои данные" }));
  expect(await screen.findByText("Не удалось подготовить архив, повторите попытку позже.")).toBeTruthy();
  expect(api.callsTo("GET", "/users/self/export")).toHaveLength(1);
});
