import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../web/src/api/query-client";
import LawArticlePage from "../../web/src/features/law/LawArticlePage";
import { fakeChatApi } from "./chat-fakes";

// /law/:act/:article (docs/law.md "What the user sees"): the article at ?date=, its editions, the act's contents.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => queryClient.clear());

const ACT = { short_name: "ГК РФ", title: "Гражданский кодекс Российской Федерации", demo: true };
const EDITIONS = [
  { in_force_from: "2020-01-01", in_force_to: "2024-01-01", repealed: false },
  { in_force_from: "2024-01-01", in_force_to: null, repealed: false },
];
const article = (number: string, title: string, from: string, text: string) => ({
  act: ACT,
  number,
  title,
  path: ["Глава 34. Аренда"],
  date: from,
  status: "in_force",
  repealed_on: null,
  edition: { in_force_from: from, in_force_to: from === "2020-01-01" ? "2024-01-01" : null, text, parts: [] },
  editions: EDITIONS,
});
const CONTENTS = {
  ...ACT,
  articles: [
    { number: "606", title: "Договор аренды", path: ["Глава 34. Аренда"], repealed: false },
    { number: "614", title: "Арендная плата", path: ["Глава 34. Аренда"], repealed: false },
    { number: "30", title: "Права собственника", path: ["Глава 5. Собственность"], repealed: false },
  ],
};

function openPage(entry: string) {
  const router = createMemoryRouter([{ path: "/law/:act/:article", element: <LawArticlePage /> }], {
    initialEntries: [entry],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe("the article page", () => {
  it("shows the article at the URL's date, its editions and the act's contents; each is a link with its state", async () => {
    const api = fakeChatApi({
      "GET /law/:act/:article": (call, { article: number }) =>
        number === "606"
          ? Response.json(article("606", "Договор аренды", "2024-01-01", "По договору аренды…"))
          : call.query.get("date") === "2021-05-05" || call.query.get("date") === "2020-01-01"
            ? Response.json(article("614", "Арендная плата", "2020-01-01", "Старый текст."))
            : Response.json(article("614", "Арендная плата", "2024-01-01", "Новый текст.")),
      "GET /law/:act": () => Response.json(CONTENTS),
    });
    const router = openPage(`/law/${encodeURIComponent("ГК РФ")}/614?date=2021-05-05`);
    expect(await screen.findByRole("heading", { level: 1, name: "Статья 614. Арендная плата" })).toBeTruthy();
    expect(screen.getByTestId("law-text").textContent).toBe("Старый текст.");
    expect(screen.getByTestId("law-demo").textContent).toBe("Демо-выдержка, не официальная публикация");
    expect(document.title).toBe("Статья 614 ГК РФ — Ясно");
    const editions = screen.getAllByTestId("law-edition").map((e) => e.textContent);
    expect(editions).toEqual(["с 1 января 2020 г. по 31 декабря 2023 г.", "с 1 января 2024 г. (действующая)"]);
    expect(api.callsTo("GET", `/law/${encodeURIComponent("ГК РФ")}/614`)[0].query.get("date")).toBe("2021-05-05");

    fireEvent.click(screen.getByRole("link", { name: "с 1 января 2024 г." }));
    await waitFor(() => expect(screen.getByTestId("law-text").textContent).toBe("Новый текст."));
    expect(router.state.location.search).toBe("?date=2024-01-01");

    const contents = await screen.findByTestId("law-contents");
    expect(within(contents).getByText("Глава 5. Собственность")).toBeTruthy();
    const current = within(contents).getByRole("link", { name: "Статья 614. Арендная плата" });
    expect(current.getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(contents).getByRole("link", { name: "Статья 606. Договор аренды" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Статья 606. Договор аренды" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/law/${encodeURIComponent("ГК РФ")}/606`);
  });

  it("says the server's reason for an article the library lacks, and still shows the act's contents", async () => {
    fakeChatApi({
      "GET /law/:act/:article": () => Response.json({ detail: "Статья не найдена" }, { status: 404 }),
      "GET /law/:act": () => Response.json(CONTENTS),
    });
    openPage(`/law/${encodeURIComponent("ГК РФ")}/9999`);
    expect((await screen.findByTestId("law-error")).textContent).toBe("Статья не найдена");
    expect(await screen.findByTestId("law-contents")).toBeTruthy();
  });
});
