import { expect, test, type APIRequestContext } from "@playwright/test";
import { MainLayoutPage } from "./pages/main-layout";
import { registerUser, signIn } from "./pages/registered-user";

/** The admin the browser tests' server seeds (scripts/e2e-server.mjs) sends a notice through the API. */
async function sendNotice(request: APIRequestContext, data: { title: string; text: string; emails: string[] }) {
  const login = await request.post("/api/v2/users/login", {
    data: { email: "admin@e2e.local", password: "e2e-admin-password" },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { "jwt-token": ((await login.json()) as { access_token: string }).access_token };
  const res = await request.post("/api/v2/notification/send/", { headers, data });
  expect(res.status(), await res.text()).toBe(201);
}

test("a notice sent by the admin arrives in the bell, is marked read and stays read after a reload", async ({
  page,
  request,
}) => {
  const [anna, boris] = [await registerUser(request, "Анна"), await registerUser(request, "Борис")];
  await signIn(page, anna);
  await new MainLayoutPage(page).goto("/");

  const count = page.getByTestId("notification-count");
  await expect(page.getByRole("button", { name: "Уведомления" })).toBeVisible();
  await expect(count).toHaveCount(0);

  await sendNotice(request, {
    title: "Плановые работы",
    text: "Сегодня в 23:00 сервис будет недоступен 10 минут.",
    emails: [anna.email],
  });
  await sendNotice(request, { title: "Только Борису", text: "Это не для Анны.", emails: [boris.email] });
  // The bell asks again when the window regains focus (and every minute).
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(count).toHaveText("1");

  await page.getByRole("button", { name: "Непрочитанных уведомлений: 1" }).click();
  const item = page.getByTestId("notification-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Плановые работы");
  await expect(item).toContainText("Сегодня в 23:00 сервис будет недоступен 10 минут.");
  await expect(page.getByText("Только Борису")).toHaveCount(0);

  const marked = page.waitForResponse(
    (r) => /\/api\/v2\/notifications\/\d+\/read$/.test(new URL(r.url()).pathname) && r.request().method() === "POST",
  );
  await item.getByRole("button", { name: "Прочитано" }).click();
  expect((await marked).status()).toBe(204);
  await expect(count).toHaveCount(0);
  await expect(page.getByText("Новых уведомлений нет")).toBeVisible();

  await page.keyboard.press("Escape");
  const polled = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/api/v2/notifications") && r.request().method() === "GET",
  );
  await page.reload();
  expect((await polled).headers()["x-unread-count"]).toBe("0");
  await expect(page.getByRole("button", { name: "Уведомления" })).toBeVisible();
  await expect(count).toHaveCount(0);
});
