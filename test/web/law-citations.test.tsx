import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../web/src/api/query-client";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { MessageList } from "../../web/src/features/chat/MessageList";
import Share from "../../web/src/features/share/SharePage";
import type { Citation } from "../../web/src/features/law/citations";
import { Markdown } from "../../web/src/ui/markdown/Markdown";
import { sourceOffsets } from "../../web/src/ui/markdown/source-marks";
import { fakeChatApi } from "./chat-fakes";

// A reply's citations (docs/law.md "What the user sees"): marks over the raw Markdown carried onto the rendered
// text, a link and card per citation, «Источники» under the reply; messages carry `citations` as history does.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => queryClient.clear());

/** A citation of `text` found at the first place it is written in `reply`. */
function cite(reply: string, text: string, fields: Partial<Citation> & Pick<Citation, "act" | "article" | "status">) {
  const start = reply.indexOf(text);
  if (start < 0) throw new Error(`${text} not in the reply`);
  return { text, start, end: start + text.length, ...fields };
}

const REPLY =
  "По **ст. 614 ГК РФ** арендатор платит вовремя; см. также ст. ст. 309, 310 ГК РФ.\n\n" +
  "> Расторжение — п. 2 ст. 450 ГК РФ\n\n" +
  "Срок исковой давности — ст. 9999 ГК РФ, а о товарах — ст. 18 Закона о торговле.";

const CITATIONS = [
  cite(REPLY, "ст. 614 ГК РФ", { act: "ГК РФ", article: "614", status: "in_force", edition_from: "2024-01-01" }),
  cite(REPLY, "ст. ст. 309, 310 ГК РФ", {
    act: "ГК РФ",
    article: "309",
    status: "in_force",
    edition_from: "2024-01-01",
  }),
  cite(REPLY, "ст. ст. 309, 310 ГК РФ", {
    act: "ГК РФ",
    article: "310",
    status: "in_force",
    edition_from: "2024-01-01",
  }),
  cite(REPLY, "п. 2 ст. 450 ГК РФ", {
    act: "ГК РФ",
    article: "450",
    point: "2",
    status: "repealed",
    repealed_on: "2025-03-01",
  }),
  cite(REPLY, "ст. 9999 ГК РФ", { act: "ГК РФ", article: "9999", status: "not_found" }),
  cite(REPLY, "ст. 18 Закона о торговле", { act: "Закон о торговле", article: "18", status: "unknown_act" }),
];

const ARTICLE_614 = {
  act: { short_name: "ГК РФ", title: "Гражданский кодекс Российской Федерации", demo: true },
  number: "614",
  title: "Арендная плата",
  path: ["Глава 34. Аренда"],
  date: "2025-06-01",
  status: "in_force",
  repealed_on: null,
  edition: {
    in_force_from: "2024-01-01",
    in_force_to: null,
    text: "1. Арендатор обязан своевременно вносить плату.",
    parts: [],
  },
  editions: [{ in_force_from: "2024-01-01", in_force_to: null, repealed: false }],
};

function renderReply(citations: unknown, text = REPLY, reply: { state?: "complete" | "partial" } = {}) {
  render(
    <Providers>
      <MemoryRouter>
        <MessageList
          readOnly
          messages={[
            { id: 1, role: "user", text: "Когда платить аренду?" },
            { id: 2, role: "assistant", text, citations, citations_date: "2025-06-01", ...reply },
          ]}
        />
      </MemoryRouter>
    </Providers>,
  );
  return screen.getByTestId("message-assistant");
}

describe("citations in a reply", () => {
  it("marks each citation's rendered text, through bold and a quote, as a link to its article", async () => {
    const reply = renderReply(CITATIONS);
    await waitFor(() => expect(within(reply).getAllByTestId("citation")).toHaveLength(5));
    const marks = within(reply).getAllByTestId("citation");
    expect(marks.map((m) => [m.textContent, m.getAttribute("data-status")])).toEqual([
      ["ст. 614 ГК РФ", "in_force"],
      ["ст. ст. 309, 310 ГК РФ", "in_force"],
      ["п. 2 ст. 450 ГК РФ", "repealed"],
      ["ст. 9999 ГК РФ", "not_found"],
      ["ст. 18 Закона о торговле", "unknown_act"],
    ]);
    // Inside the bold, the mark is the bold's text; the rest of the sentence is plain.
    expect(marks[0].closest("strong")).not.toBeNull();
    expect(marks[2].closest("blockquote")).not.toBeNull();
    expect(marks[0].getAttribute("href")).toBe("/law/%D0%93%D0%9A%20%D0%A0%D0%A4/614?date=2025-06-01");
    expect(marks[3].className).toContain("citation--not_found");
  });

  it("lists «Источники»: the resolved articles once each as links, the others flagged", async () => {
    const reply = renderReply([...CITATIONS, CITATIONS[0]]);
    const sources = await within(reply).findByTestId("citation-sources");
    expect(
      within(sources)
        .getAllByTestId("citation-source")
        .map((li) => li.textContent),
    ).toEqual(["ст. 614 ГК РФ", "ст. 309 ГК РФ", "ст. 310 ГК РФ", "ст. 450 ГК РФ — утратила силу с 1 марта 2025 г."]);
    expect(within(sources).getByRole("link", { name: "ст. 309 ГК РФ" }).getAttribute("href")).toBe(
      "/law/%D0%93%D0%9A%20%D0%A0%D0%A4/309?date=2025-06-01",
    );
    expect(
      within(sources)
        .getAllByTestId("citation-flagged")
        .map((li) => li.textContent),
    ).toEqual([
      "ст. 9999 ГК РФ — такой статьи нет — проверьте ответ",
      "ст. 18 Закон о торговле — акта нет в библиотеке, проверить нельзя",
    ]);
  });

  it("opens the card on a tap: the article's text in the edition used, demo label, status, official source", async () => {
    const api = fakeChatApi({ "GET /law/:act/:article": () => Response.json(ARTICLE_614) });
    const reply = renderReply(CITATIONS);
    const [mark] = await within(reply).findAllByTestId("citation");
    fireEvent.pointerDown(mark, { pointerType: "touch" });
    fireEvent.click(mark);
    const card = await screen.findByTestId("citation-card");
    await waitFor(() => expect(within(card).getByTestId("citation-text").textContent).toContain("Арендатор обязан"));
    expect(within(card).getByTestId("law-demo").textContent).toBe("Демо-выдержка, не официальная публикация");
    expect(within(card).getByTestId("citation-status").textContent).toBe("ДействуетРедакция с 1 января 2024 г.");
    expect(within(card).getByRole("link", { name: "Официальный источник" }).getAttribute("href")).toContain(
      encodeURIComponent("site:pravo.gov.ru"),
    );
    // The edition the reply was checked at.
    const [call] = api.callsTo("GET", `/law/${encodeURIComponent("ГК РФ")}/614`);
    expect(call.query.get("date")).toBe("2025-06-01");
  });

  it("says an invented article is not there and an unknown act cannot be checked, fetching nothing", async () => {
    const api = fakeChatApi({});
    const reply = renderReply(CITATIONS);
    const marks = await within(reply).findAllByTestId("citation");
    fireEvent.focus(marks[3]);
    const card = await screen.findByTestId("citation-card");
    expect(within(card).getByTestId("citation-status").textContent).toBe("Такой статьи нет в ГК РФ — проверьте ответ");
    fireEvent.blur(marks[3]);
    await waitFor(() => expect(screen.queryByTestId("citation-card")).toBeNull());
    fireEvent.focus(marks[4]);
    await waitFor(() =>
      expect(screen.getByTestId("citation-card").textContent).toContain(
        "Этого акта нет в библиотеке Ясно — проверить ссылку нельзя",
      ),
    );
    expect(api.calls).toEqual([]);
  });

  it("reads citations tolerantly: none, a malformed list or one outside the text shows the reply as it is", async () => {
    for (const citations of [undefined, "нет", [{ act: "ГК РФ" }], [{ ...CITATIONS[0], end: REPLY.length + 5 }]]) {
      const reply = renderReply(citations);
      await waitFor(() => expect(reply.querySelector("strong")?.textContent).toBe("ст. 614 ГК РФ"));
      expect(within(reply).queryByTestId("citation")).toBeNull();
      expect(within(reply).queryByTestId("citation-sources")).toBeNull();
      cleanup();
    }
  });
});

describe("a stopped reply with citations", () => {
  it("leaves no half table row, and no mark for a citation in the row cut off", async () => {
    const text = "По ст. 614 ГК РФ платят вовремя.\n\n| Норма | Что говорит |\n|---|---|\n| ст. 619 ГК РФ";
    renderReply(
      [
        cite(text, "ст. 614 ГК РФ", { act: "ГК РФ", article: "614", status: "in_force" }),
        cite(text, "ст. 619 ГК РФ", { act: "ГК РФ", article: "619", status: "in_force" }),
      ],
      text,
      { state: "partial" },
    );
    const reply = screen.getByTestId("message-assistant");
    await waitFor(() => expect(within(reply).getAllByTestId("citation")).toHaveLength(1));
    expect(within(reply).getByTestId("citation").textContent).toBe("ст. 614 ГК РФ");
    expect(reply.querySelectorAll("tbody tr")).toHaveLength(0);
    expect(reply.textContent).not.toContain("ст. 619");
  });
});

describe("citations on a share page", () => {
  it("shows the same marks and «Источники»; a visitor's card says the text needs signing in", async () => {
    useAuth.setState({ status: "anonymous", record: null });
    fakeChatApi({
      "GET /products": () => Response.json([]),
      "GET /share/topic/history/:hash": () =>
        Response.json({
          topic_name: "Аренда",
          assistant_type: "explain_law",
          messages: [
            { id: 1, role: "user", text: "Когда платить аренду?", state: "complete", model: null, attachments: [] },
            {
              id: 2,
              role: "assistant",
              text: REPLY,
              state: "complete",
              model: "yasno-demo",
              attachments: [],
              citations: CITATIONS,
              citations_date: "2025-06-01",
            },
          ],
        }),
      "GET /law/:act/:article": () => Response.json({ detail: "Требуется авторизация" }, { status: 401 }),
    });
    const router = createMemoryRouter([{ path: "/share/:hash", element: <Share /> }], {
      initialEntries: ["/share/h4sh"],
    });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const reply = await screen.findByTestId("message-assistant");
    await waitFor(() => expect(within(reply).getAllByTestId("citation")).toHaveLength(5));
    expect(within(reply).getByTestId("citation-sources").textContent).toContain("ст. 614 ГК РФ");
    const [mark] = within(reply).getAllByTestId("citation");
    fireEvent.pointerDown(mark, { pointerType: "touch" });
    fireEvent.click(mark);
    const card = await screen.findByTestId("citation-card");
    await waitFor(() => expect(card.textContent).toContain("Текст статьи доступен после входа."));
    expect(within(card).getByTestId("citation-status").textContent).toContain("Действует");
  });
});

describe("marks over the Markdown source", () => {
  it("maps a text node's characters onto the source past escapes and a quote's marker", () => {
    expect(sourceOffsets("a*b", "a\\*b", 10)).toEqual([10, 12, 13]);
    expect(sourceOffsets("x\ny", "x\n> y", 0)).toEqual([0, 1, 4]);
  });

  it("never marks inside code or an existing link", () => {
    const text = "`ст. 614 ГК РФ` и [ст. 614 ГК РФ](https://example.ru) и ст. 614 ГК РФ";
    const at = text.lastIndexOf("ст. 614");
    const marks = [0, text.indexOf("[") + 1, at].map((start) => ({ start, end: start + 13 }));
    const { container } = render(
      <Providers>
        <Markdown text={text} marks={marks} renderMark={(i, children) => <mark data-index={i}>{children}</mark>} />
      </Providers>,
    );
    expect([...container.querySelectorAll("mark")].map((m) => [m.dataset.index, m.textContent])).toEqual([
      ["2", "ст. 614 ГК РФ"],
    ]);
  });
});
