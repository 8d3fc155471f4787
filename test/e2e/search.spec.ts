import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat";
import { registerUser, signIn } from "./pages/registered-user";
import { createTopic } from "./pages/sidebar";

// docs/conversations.md "Search" in the real app: Ctrl+K, a word form, a hit opening its chat at
// the message with the words highlighted.

test("Ctrl+K finds a chat by another form of a word and opens it at the message, the words highlighted", async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  await createTopic(request, user, "Можно ли досрочно расторгнуть договор аренды квартиры?");
  await createTopic(request, user, "Как вернуть товар в магазин?");
  await signIn(page, user);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Поиск по чатам" })).toBeVisible();

  await page.keyboard.press("Control+k");
  const field = page.getByRole("combobox", { name: "Что найти" });
  await expect(field).toBeFocused();
  await field.fill("арендой");
  const hits = page.getByTestId("search-hit");
  await expect(hits.first()).toBeVisible();
  await expect(page.getByTestId("search-results")).not.toContainText("вернуть товар");
  const messageHit = hits.filter({ has: page.locator("mark") }).first();
  await expect(messageHit.locator("mark").first()).toHaveText("аренды");

  await messageHit.click();
  await expect(page).toHaveURL(/\/chat\/\d+\?q=/);
  const chat = new ChatPage(page);
  const found = page.locator(".message--found");
  await expect(found).toHaveCount(1);
  await expect(found).toBeInViewport();
  await expect.poll(() => page.evaluate(() => CSS.highlights.get("search-hit")?.size ?? 0)).toBeGreaterThan(0);
  await expect(chat.textbox).toBeVisible();

  // A form only the server's dictionary ties to the text (вернул → вернуть) is highlighted too.
  await page.keyboard.press("Control+k");
  await field.fill("вернул");
  const refundHit = hits.filter({ has: page.locator("mark", { hasText: "вернуть" }) }).first();
  await refundHit.click();
  await expect(page).toHaveURL(new RegExp(`w=${encodeURIComponent("вернуть")}`));
  const highlighted = () => page.evaluate(() => [...(CSS.highlights.get("search-hit") ?? [])].map((r) => String(r)));
  await expect.poll(highlighted).toContain("вернуть");
});

test("the sidebar's search field opens the same search", async ({ page, request }) => {
  const user = await registerUser(request);
  await createTopic(request, user, "Что такое ипотека?");
  await signIn(page, user);
  await page.goto("/");
  await page.getByRole("button", { name: "Поиск по чатам" }).click();
  await page.getByRole("combobox", { name: "Что найти" }).fill("ИПОТЕКУ");
  await expect(page.getByTestId("search-hit").first()).toContainText("Что такое ипотека?");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("combobox", { name: "Что найти" })).toHaveCount(0);
});

test("the palette: one row per chat, the first picked, ↓ and Enter open the next; plain snippets, sidebar days", async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  const first = await createTopic(request, user, "Можно ли сдать квартиру в аренду без договора?");
  const second = await createTopic(request, user, "Кто платит налог при аренде гаража?");
  await signIn(page, user);
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Поиск по чатам" })).toBeVisible();

  await page.keyboard.press("Control+k");
  const field = page.getByRole("combobox", { name: "Что найти" });
  await field.fill("аренда");
  const rows = page.getByRole("option");
  // Each chat's question and the demo reply's table quoting it both match: still one row per chat.
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute("aria-selected", "true");
  const results = page.getByTestId("search-results");
  await expect(results).not.toContainText("|");
  await expect(results).not.toContainText("```");
  await expect(page.getByTestId("search-hit-date")).toHaveText(["Сегодня", "Сегодня"]);

  const target = (await rows.nth(1).textContent())?.includes("гаража") ? second : first;
  await field.press("ArrowDown");
  await expect(rows.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(rows.first()).toHaveAttribute("aria-selected", "false");
  await field.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/chat/${target}\\?q=`));
});
