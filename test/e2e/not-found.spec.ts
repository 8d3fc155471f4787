import { expect, test } from "@playwright/test";
import { registerUser, signIn } from "./pages/registered-user";

// docs/web.md "Routes and the access gate": the app's pages answer 200 at their paths (deep links
// included); any other path answers HTTP 404 with the app, which shows its not-found page to a
// signed-in user and sends anyone else to Login.

test("every page path answers 200; an unknown path 404, and Login when signed out", async ({ page, request }) => {
  for (const path of [
    "/",
    "/login",
    "/register",
    "/forgot/sent",
    "/recovery/abc",
    "/email/confirm/t",
    "/chat",
    "/chat/123",
    "/user",
    "/subscription",
    "/invitations/tok",
  ]) {
    // Served at its own path: a redirect (to "/", say) would lose the deep link.
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain("text/html");
  }
  for (const path of ["/no-such-page", "/chat/1/2", "/wp-login.php", "/assets/missing.js"]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
  // A share link that shows nothing is 404 too, with the share page, which says so (a shared one is 200:
  // prerender.spec.ts).
  const share = await request.get("/share/xyz", { maxRedirects: 0 });
  expect(share.status()).toBe(404);
  expect(share.headers()["content-type"]).toContain("text/html");
  expect(await share.text()).toContain("Только чтение");
  // The 404 is the app: it says so in Russian and leads back.
  const deep = await page.goto("/recovery/abc");
  expect(deep?.status()).toBe(200);
  expect(page.url()).toMatch(/\/recovery\/abc$/);
  // Signed out, the app behind that 404 sends the visitor to Login (docs/product.md §2, "Access gate").
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Вход" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Страница не найдена")).toHaveCount(0);
  // Static files and the API are untouched.
  expect((await request.get("/favicon.svg")).status()).toBe(200);
  expect((await request.get("/api/v2/health")).status()).toBe(200);
  expect((await request.get("/api/v2/no-such-call")).status()).toBe(404);
});

test("signed in, an unknown path is 404 with the not-found page, which links to Main", async ({ page, request }) => {
  await signIn(page, await registerUser(request));
  const res = await page.goto("/nonexistent/path");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Страница не найдена")).toBeVisible();
  await expect(page).toHaveURL(/\/nonexistent\/path$/);
  await expect(page.getByRole("link", { name: "На главную" })).toHaveAttribute("href", "/");
});
