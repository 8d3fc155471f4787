import { Providers } from "./providers";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MessageList } from "../../web/src/features/chat/MessageList";
import { Markdown } from "../../web/src/ui/markdown/Markdown";

const renderMarkdown = (text: string) =>
  render(
    <Providers>
      <Markdown text={text} />
    </Providers>,
  ).container.querySelector(".markdown")!;

afterEach(cleanup);

describe("assistant replies as Markdown", () => {
  it("renders GFM: headings, lists, tables, code, strikethrough", () => {
    const root = renderMarkdown(
      "## Итог\n\n- первый\n- второй\n\n| Срок | Сумма |\n|---|---|\n| 10 дней | 5 000 ₽ |\n\n```js\nconst a = " +
        "1;\n```\n\n~~старое~~",
    );
    expect(screen.getByRole("heading", { level: 2, name: "Итог" })).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["первый", "второй"]);
    expect(screen.getByRole("table")).toBeTruthy();
    expect(screen.getByRole("cell", { name: "5 000 ₽" })).toBeTruthy();
    expect(root.querySelector("pre code")?.textContent).toBe("const a = 1;\n");
    expect(root.querySelector("del")?.textContent).toBe("старое");
  });

  it("shows a <script> as text and never puts it in the page", () => {
    const root = renderMarkdown("Вот код: <script>window.__ran = true</script> конец");
    expect(root.querySelector("script")).toBeNull();
    expect(root.textContent).toContain("<script>window.__ran = true</script>");
    expect((window as unknown as { __ran?: boolean }).__ran).toBeUndefined();
  });

  it("shows an <img onerror> block as text, with no element and no handler", () => {
    const root = renderMarkdown('<img src="x" onerror="window.__ran = true">\n\nпосле');
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("[onerror]")).toBeNull();
    expect(root.textContent).toContain('<img src="x" onerror="window.__ran = true">');
  });

  it("drops javascript: links and opens the others in a new tab without an opener", () => {
    const root = renderMarkdown("[сайт](https://example.ru) и [плохая](javascript:alert(1))");
    const good = screen.getByRole("link", { name: "сайт" });
    expect(good.getAttribute("href")).toBe("https://example.ru");
    expect(good.getAttribute("target")).toBe("_blank");
    expect(good.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(root.innerHTML).not.toContain("javascript:");
  });

  it("never loads an image from a reply: it is a link «Изображение: <alt>» opening in a new tab", () => {
    const root = renderMarkdown(
      "Смотрите: ![схема сделки](https://tracker.example/pixel.png?u=1) и ![](https://cdn.example/a.png)",
    );
    expect(root.querySelector("img")).toBeNull();
    const named = screen.getByRole("link", { name: "Изображение: схема сделки" });
    expect(named.getAttribute("href")).toBe("https://tracker.example/pixel.png?u=1");
    expect(named.getAttribute("target")).toBe("_blank");
    expect(named.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    // No alt: the host it would have come from says what it is.
    expect(screen.getByRole("link", { name: "Изображение: cdn.example" }).getAttribute("href")).toBe(
      "https://cdn.example/a.png",
    );
  });

  it("an image inside a link becomes the link's text (no link in a link), and a javascript: image is no link", () => {
    const root = renderMarkdown(
      "[![логотип](https://img.example/l.png)](https://example.ru) ![x](javascript:alert(1))",
    );
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("a a")).toBeNull();
    const outer = screen.getByRole("link", { name: "Изображение: логотип" });
    expect(outer.getAttribute("href")).toBe("https://example.ru");
    expect(root.innerHTML).not.toContain("javascript:");
  });

  it("highlights code by the language its fence names; the copy button copies the plain source", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const root = renderMarkdown('```python\ndef f(x):\n    return "да"  # ответ\n```\n\n```\nне код\n```');
    const [python, plain] = [...root.querySelectorAll("pre code")];
    expect(python!.classList.contains("hljs")).toBe(true);
    expect(python!.querySelector(".hljs-keyword")?.textContent).toBe("def");
    expect(python!.querySelector(".hljs-string")?.textContent).toBe('"да"');
    expect(python!.querySelector(".hljs-comment")?.textContent).toBe("# ответ");
    // A fence without a language is not guessed at.
    expect(plain!.querySelector("[class^=hljs-]")).toBeNull();
    // An alias works; a language this app does not carry stays plain, its text intact.
    const more = renderMarkdown("```js\nconst a = 1;\n```\n\n```cobol\nDISPLAY 'ДА'.\n```");
    const [js, cobol] = [...more.querySelectorAll("pre code")];
    expect(js!.querySelector(".hljs-keyword")?.textContent).toBe("const");
    expect(cobol!.querySelector("[class^=hljs-]")).toBeNull();
    expect(cobol!.textContent).toBe("DISPLAY 'ДА'.\n");
    fireEvent.click(screen.getAllByRole("button", { name: "Копировать код" })[0]!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('def f(x):\n    return "да"  # ответ'));
  });

  it("puts wide tables in their own scroll box and gives code blocks a copy button", () => {
    const root = renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nls -la\n```");
    expect(root.querySelector(".markdown__table-scroll > table")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Копировать код" })).toBeTruthy();
  });
});

describe("the message list", () => {
  it("shows the user's text as it is (no Markdown, no HTML) and the reply's model and partial mark", async () => {
    render(
      <Providers>
        <MessageList
          messages={[
            { id: 1, role: "user", text: "**не жирный** <b>тоже</b>", attachments: [] },
            {
              id: 2,
              role: "assistant",
              text: "Ответ **жирный**",
              model: "yasno-demo",
              state: "partial",
              attachments: [],
            },
          ]}
          modelTitle="Ясно · Объясни закон"
        />
      </Providers>,
    );
    expect(screen.getByTestId("message-user").textContent).toBe("**не жирный** <b>тоже</b>");
    const reply = screen.getByTestId("message-assistant");
    // The renderer loads just after the list shows (its own chunk): the text first, then Markdown.
    await waitFor(() => expect(reply.querySelector("strong")?.textContent).toBe("жирный"));
    // The mode's name for its model, never the model's id.
    expect(screen.getByTestId("message-model").textContent).toBe("Модель: Ясно · Объясни закон");
    expect(screen.getByTestId("message-partial").textContent).toBe("Ответ прерван");
    expect(screen.getByRole("button", { name: "Копировать" })).toBeTruthy();
  });

  it("read-only (the share page) has no actions, and shows attachments as thumbnails and chips", () => {
    render(
      <Providers>
        <MessageList
          readOnly
          messages={[
            {
              id: 1,
              role: "user",
              text: "Посмотрите",
              attachments: [
                { id: 5, filename: "фото.png", content_type: "image", url: "/api/v2/share/h/attachments/5" },
                {
                  id: 6,
                  filename: "договор.pdf",
                  content_type: "document",
                  size: 2048,
                  url: "/api/v2/share/h/attachments/6",
                },
              ],
            },
            { id: 2, role: "assistant", text: "Готово", model: "yasno-demo", attachments: [] },
          ]}
        />
      </Providers>,
    );
    expect(screen.queryByRole("button", { name: "Копировать" })).toBeNull();
    expect(screen.getByRole("img", { name: "фото.png" }).getAttribute("src")).toBe("/api/v2/share/h/attachments/5");
    const chip = screen.getByTestId("file-chip");
    expect(chip.textContent).toContain("договор.pdf");
    expect(chip.textContent).toContain("PDF · 2 КБ");
    expect(chip.querySelector("a")?.getAttribute("href")).toBe("/api/v2/share/h/attachments/6");
  });
});
