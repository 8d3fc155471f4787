import { expect, test } from "@playwright/test";
import { registerUser, signIn } from "./pages/registered-user";

test("the built SPA is served by the Worker, deep links included", async ({ page, request }) => {
  const health = await request.get("/api/v2/health");
  expect(await health.json()).toEqual({ status: "ok" });
  // Signed in: a signed-out visitor at an unknown path goes to Login (not-found.spec.ts).
  await signIn(page, await registerUser(request));
  await page.goto("/no-such-page");
  await expect(page.getByText("Страница не найдена")).toBeVisible();
  await expect(page).toHaveTitle("Страница не найдена — Ясно");
});
