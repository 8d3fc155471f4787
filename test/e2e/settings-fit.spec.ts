import { expect, type Locator, type Page, test } from "@playwright/test";
import { MainLayoutPage } from "./pages/main-layout";
import { registerUser, signIn } from "./pages/registered-user";
import { adminApi, SubscriptionPanel } from "./pages/subscription";

// docs/billing.md "Every billing screen fits": the settings window keeps 600×500 (the whole screen
// on a phone) and scrolls inside; what the user must see after an action lies inside the visible
// window — checked by the boxes, not only by the text being somewhere in the page.

/** The element's box lies inside the container's box and inside the viewport. */
async function expectInView(page: Page, element: Locator, container: Locator) {
  const [box, frame] = [await element.boundingBox(), await container.boundingBox()];
  const viewport = page.viewportSize()!;
  expect(box, "the element has a box").not.toBeNull();
  expect(frame, "the window has a box").not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(frame!.y - 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(frame!.y + frame!.height + 1);
  expect(box!.x).toBeGreaterThanOrEqual(frame!.x - 1);
  expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

for (const width of [1280, 375]) {
  test(`at ${width} px: a wrong promo's error, the support button and «Купить» are in the visible window`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
    const user = await registerUser(request);
    const admin = await adminApi(request);
    // Enough packs that the tab scrolls.
    for (const requests of [5, 7, 9, 11]) await admin.grantRequests(user.email, requests);
    await signIn(page, user);
    const main = new MainLayoutPage(page);
    await main.goto("/");
    await main.openSettings();
    await main.settings.getByRole("tab", { name: "Подписка" }).click();
    const panel = SubscriptionPanel.inModal(page);
    const dialog = main.settings;
    if (width === 1280) {
      const box = (await dialog.boundingBox())!;
      expect(Math.round(box.width)).toBe(600);
      expect(Math.round(box.height)).toBe(500);
    }
    await expect(panel.limitCards).toHaveCount(5);

    await panel.activatePromo("НЕТ-ТАКОГО-КОДА");
    await expect(panel.promoError).toHaveText("Неверный промокод");
    await expectInView(page, panel.promoError, dialog);
    await expectInView(page, panel.promoInput, dialog);
    // The field turns red.
    const ring = await panel.promoInput.evaluate((input) => getComputedStyle(input.closest(".promo-field")!).boxShadow);
    expect(ring).toMatch(/rgb/);

    const support = dialog
      .getByRole("link", { name: /поддержк/i })
      .or(dialog.getByRole("button", { name: /поддержк/i }))
      .first();
    await support.scrollIntoViewIfNeeded();
    await expectInView(page, support, dialog);

    await panel.view("Доступные подписки").click();
    const buy = panel.buyButton.first();
    await buy.scrollIntoViewIfNeeded();
    await expectInView(page, buy, dialog);
  });
}
