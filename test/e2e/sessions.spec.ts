import { type APIRequestContext, expect, test } from "@playwright/test";
import type { AuthRecord } from "../../web/src/features/auth/auth-store";
import { MainLayoutPage } from "./pages/main-layout";
import { type RegisteredUser, registerUser, signIn } from "./pages/registered-user";

const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0";
const YANDEX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 " +
  "YaBrowser/24.12.0.0 Safari/537.36";

/** A sign-in on another device: its own session, named by the device's user agent. */
async function signInElsewhere(request: APIRequestContext, user: RegisteredUser, userAgent: string) {
  const response = await request.post("/api/v2/users/login", {
    data: { email: user.email, password: user.password },
    headers: { "user-agent": userAgent },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthRecord;
}

const selfStatus = async (request: APIRequestContext, record: AuthRecord) =>
  (await request.get("/api/v2/users/self", { headers: { "jwt-token": record.access_token } })).status();

test("the account tab lists the sessions, ends one, then every other; their tokens stop at once", async ({
  page,
  request,
}) => {
  const user = await registerUser(request, "Сеансы");
  const phone = await signInElsewhere(request, user, FIREFOX_ANDROID);
  const laptop = await signInElsewhere(request, user, YANDEX_WINDOWS);
  await signIn(page, user);
  const main = new MainLayoutPage(page);
  await main.goto("/");
  await main.openSettings();

  const sessions = main.settings.getByTestId("active-sessions");
  await expect(sessions.getByRole("heading", { name: "Активные сеансы" })).toBeVisible();
  const rows = sessions.getByTestId("session-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Этот сеанс" })).toHaveCount(1);
  const phoneRow = rows.filter({ hasText: "Firefox, Android" });
  await expect(phoneRow).toContainText("последний вход");
  await expect(rows.filter({ hasText: "Яндекс Браузер, Windows" })).toHaveCount(1);

  await phoneRow.getByRole("button", { name: "Завершить" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Firefox, Android" })).toHaveCount(0);
  expect(await selfStatus(request, phone)).toBe(401);
  expect(await selfStatus(request, laptop)).toBe(200);

  await sessions.getByRole("button", { name: "Завершить другие сеансы" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Этот сеанс");
  await expect(sessions.getByRole("button", { name: "Завершить другие сеансы" })).toHaveCount(0);
  expect(await selfStatus(request, laptop)).toBe(401);

  // This browser's own session goes on.
  await page.reload();
  await main.openSettings();
  await expect(main.settings.getByTestId("session-row")).toHaveCount(1);
});
