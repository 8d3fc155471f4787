import { expect, test, type Page } from "@playwright/test";
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "../../worker/http/security-headers";
import { registerUser } from "./pages/registered-user";
import { createTopic } from "./pages/sidebar";

/** Collects every CSP violation and console error of the page from its first script on. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction("__reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { violations, errors };
}

test.describe("security headers on the SPA (the production build on the real Worker)", () => {
  for (const path of ["/", "/login"]) {
    test(`${path}: the headers, and it renders with no CSP violation`, async ({ page }) => {
      const seen = await watchViolations(page);
      const response = await page.goto(path);
      expect(response!.status()).toBe(200);
      const headers = response!.headers();
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(headers[name.toLowerCase()], name).toBe(value);
      await expect(page.locator("#root")).not.toBeEmpty();
      await expect(page.getByRole("heading").first()).toBeVisible();
      expect(seen.violations).toEqual([]);
      expect(seen.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    });
  }

  test(
    "/share/<hash>: the same policy, no Referer at all, and the shared history renders with no CSP " + "violation",
    async ({ request, browser }) => {
      const user = await registerUser(request);
      const topicId = await createTopic(request, user, "Что такое залог?");
      const shared = await request.post(`/api/v2/topics/${topicId}/share/`, {
        headers: { "jwt-token": user.record.access_token },
      });
      expect(shared.status()).toBe(200);
      const { hash } = (await shared.json()) as { hash: string };

      const guest = await browser.newContext({ locale: "ru-RU" });
      const guestPage = await guest.newPage();
      const seen = await watchViolations(guestPage);
      const response = await guestPage.goto(`/share/${hash}`);
      const headers = response!.headers();
      expect(headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["permissions-policy"]).toBe(SECURITY_HEADERS["Permissions-Policy"]);
      expect(headers["referrer-policy"]).toBe("no-referrer");
      await expect(guestPage.getByRole("heading", { level: 1, name: "Что такое залог?" })).toBeVisible();
      await expect(guestPage.getByTestId("message-assistant")).not.toBeEmpty();
      expect(seen.violations).toEqual([]);
      // And the policy does hold: an image from another host, however it got in, is not fetched.
      await guestPage.evaluate(() =>
        document.body.insertAdjacentHTML("beforeend", '<img src="https://tracker.example/pixel.png" alt="">'),
      );
      await expect.poll(() => seen.violations).toEqual(["img-src https://tracker.example/pixel.png"]);
      await guest.close();
    },
  );

  test("the built index.html has no inline script", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script, "every script is a file").toMatch(/\bsrc="/);
      expect(
        script
          .replace(/<script\b[^>]*>/, "")
          .replace("</script>", "")
          .trim(),
      ).toBe("");
    }
  });

  test("the API docs page runs its inline script under its own nonce policy, with no CSP violation", async ({
    page,
  }) => {
    const seen = await watchViolations(page);
    // The Swagger UI bundle comes from its CDN, which this machine may not reach: the inline start-up
    // script still runs (it sets window.onload) when its nonce is accepted.
    await page.route("https://cdn.jsdelivr.net/**", (route) =>
      route.fulfill({
        contentType: route.request().url().endsWith(".js") ? "text/javascript" : "text/css",
        body: route.request().url().endsWith(".js")
          ? "window.SwaggerUIBundle = (o) => { document.title = 'swagger:' + o.url; return {}; };"
          : "",
      }),
    );
    const response = await page.goto("/api/v2/docs");
    expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'nonce-/);
    await expect(page).toHaveTitle("swagger:/api/v2/openapi.json");
    expect(seen.violations).toEqual([]);
  });
});
