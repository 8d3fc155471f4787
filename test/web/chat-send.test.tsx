import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTurn } from "../../web/src/features/chat/chat-turn";
import { useDraftFiles } from "../../web/src/features/chat/draft-files";
import { fakeChatApi, json, limits, message, replyStream } from "./chat-fakes";
import { disclaimersSettled, renderChat, resetStores, sidebarShowing, signIn } from "./chat-render";

const textbox = () => screen.getByRole("textbox", { name: "Сообщение" }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: "Отправить" }) as HTMLButtonElement;
// What the streaming reply shows (Markdown drops the trailing space of a paragraph).
const streamingText = () => screen.queryByTestId("message-streaming")?.textContent?.trimEnd() ?? null;

function type(text: string) {
  fireEvent.change(textbox(), { target: { value: text } });
}

let hideSidebar: () => void;
beforeEach(() => {
  resetStores();
  signIn();
  // The sidebar has loaded the law list: a new topic or a finished reply reloads it.
  hideSidebar = sidebarShowing();
});
afterEach(() => {
  hideSidebar();
  cleanup();
  vi.unstubAllGlobals();
});

describe("sending in a new chat (docs/product.md §4)", () => {
  it(
    "uploads, starts the topic in the picked mode, strips the marker, moves to /chat/<id>, streams, then reloads " +
      "the list and the limits",
    async () => {
      const reply = replyStream();
      let history: unknown[] = [];
      const api = fakeChatApi({
        "GET /limits": () => json(limits(5)),
        "GET /products": () => json([]),
        "GET /topics/active/all": () => json([]),
        "POST /attachments/upload": () =>
          json(
            {
              attachment_id: 31,
              filename: "иск.pdf",
              content_type: "document",
              mime_type: "application/pdf",
              size: 10,
            },
            201,
          ),
        "POST /topics/start/stream": () => reply.response(),
        "GET /topics/:id/history": () => json(history),
      });
      localStorage.setItem("yasno-model", "explain_estate");
      const { useMode } = await import("../../web/src/features/modes/mode-store");
      useMode.getState().setMode("explain_estate");
      const router = renderChat("/chat");
      expect(screen.getByTestId("chat-start")).toBeTruthy();
      await disclaimersSettled();

      fireEvent.change(screen.getByTestId("composer-file-input"), {
        target: { files: [new File(["%PDF-"], "иск.pdf", { type: "application/pdf" })] },
      });
      type("  Как проверить квартиру?  ");
      fireEvent.click(sendButton());

      // At once: the box is empty, the question is on screen, the tray is clear.
      expect(textbox().value).toBe("");
      expect(screen.getByTestId("message-user").textContent).toContain("Как проверить квартиру?");
      expect(screen.getByTestId("message-user").textContent).toContain("иск.pdf");
      expect(screen.queryByTestId("attachment-tray")).toBeNull();
      expect(screen.queryByTestId("chat-start")).toBeNull();

      await waitFor(() => expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(1));
      // The file went up before the stream started.
      expect(api.calls.findIndex((c) => c.path === "/attachments/upload")).toBeLessThan(
        api.calls.findIndex((c) => c.path === "/topics/start/stream"),
      );
      expect(api.callsTo("POST", "/topics/start/stream")[0].body).toEqual({
        message: { text: "Как проверить квартиру?", attachments: [31] },
        assistant_type: "explain_estate",
      });

      const limitCallsBefore = api.callsTo("GET", "/limits").length;
      // The marker line arrives split in three.
      reply.push("topic_");
      reply.push("id: 5");
      reply.push("7\nПроверьте ");
      await waitFor(() => expect(router.state.location.pathname).toBe("/chat/57"));
      expect(router.state.historyAction).toBe("REPLACE");
      await waitFor(() => expect(streamingText()).toBe("Проверьте"));
      expect(api.callsTo("GET", "/topics/active/all").length).toBeGreaterThanOrEqual(1);
      // Moving to /chat/57 did not reload the chat: no history call while the reply streams.
      expect(api.callsTo("GET", "/topics/57/history")).toHaveLength(0);

      reply.push("документы");
      await waitFor(() => expect(streamingText()).toBe("Проверьте документы"));
      expect(document.body.textContent).not.toContain("topic_id");

      history = [message(1, "user", "Как проверить квартиру?"), message(2, "assistant", "Проверьте документы")];
      reply.close();
      await waitFor(() => expect(screen.getByTestId("message-assistant").textContent).toContain("Проверьте документы"));
      expect(screen.queryByTestId("message-streaming")).toBeNull();
      // No modes listed here: the brand, never the model's id.
      expect(screen.getByTestId("message-model").textContent).toBe("Модель: Ясно");
      await waitFor(() => expect(api.callsTo("GET", "/limits").length).toBeGreaterThan(limitCallsBefore));
      await waitFor(() => expect(api.callsTo("GET", "/topics/57/history")).toHaveLength(1));
      expect(textbox().disabled).toBe(false);
      expect(router.state.location.pathname).toBe("/chat/57");
      useMode.getState().setMode("explain_law");
    },
  );

  it("a failed send shows the assistant-style «Упс, что-то пошло не так...» and frees the box", async () => {
    const api = fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /products": () => json([]),
      "POST /topics/start/stream": () => json({ detail: "Внутренняя ошибка сервера" }, 500),
    });
    renderChat("/chat");
    type("Вопрос");
    fireEvent.click(sendButton());
    expect((await screen.findByTestId("message-notice")).textContent).toBe("Упс, что-то пошло не так...");
    expect(textbox().disabled).toBe(false);
    expect(screen.getByTestId("message-user").textContent).toBe("Вопрос");
    await waitFor(() => expect(api.callsTo("GET", "/limits").length).toBeGreaterThanOrEqual(2));
  });

  it("a server's failure also names the request's id, for the user to quote to support", async () => {
    const failed = json({ detail: "Внутренняя ошибка сервера. Код запроса для поддержки: 8f3a1c2b4d5e6f70-DME" }, 500);
    failed.headers.set("X-Request-Id", "8f3a1c2b4d5e6f70-DME");
    fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /products": () => json([]),
      "POST /topics/start/stream": () => failed,
    });
    renderChat("/chat");
    type("Вопрос");
    fireEvent.click(sendButton());
    expect((await screen.findByTestId("message-notice")).textContent).toBe(
      "Упс, что-то пошло не так... Код запроса для поддержки: 8f3a1c2b4d5e6f70-DME",
    );
  });

  it("no network at all is a failed send too", async () => {
    fakeChatApi({ "GET /limits": () => json(limits(5)), "GET /products": () => json([]) });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderChat("/chat");
    type("Вопрос");
    fireEvent.click(sendButton());
    expect((await screen.findByTestId("message-notice")).textContent).toBe("Упс, что-то пошло не так...");
  });

  it(
    "a model that fails before its first word (502) keeps the new topic: the chat moves to it and says " + "so",
    async () => {
      fakeChatApi({
        "GET /limits": () => json(limits(5)),
        "GET /products": () => json([]),
        "POST /topics/start/stream": () =>
          new Response(JSON.stringify({ detail: "Модель не ответила" }), {
            status: 502,
            headers: { "X-Topic-Id": "8", "Content-Type": "application/json" },
          }),
      });
      const router = renderChat("/chat");
      type("Вопрос");
      fireEvent.click(sendButton());
      expect((await screen.findByTestId("message-notice")).textContent).toBe("Упс, что-то пошло не так...");
      await waitFor(() => expect(router.state.location.pathname).toBe("/chat/8"));
    },
  );
});

describe("sending in an existing chat", () => {
  function topicServer(reply: ReturnType<typeof replyStream>, send: () => Response = () => reply.response()) {
    let history = [message(1, "user", "Первый вопрос"), message(2, "assistant", "Первый ответ")];
    const api = fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /products": () => json([]),
      "GET /topics/active/all": () => json([]),
      "GET /topics/7/history": () => json(history),
      "GET /topics/7/stream": () => new Response(null, { status: 204 }),
      "POST /topics/7/message/stream": send,
      "POST /topics/7/stop": () => {
        reply.push(" (остановлено)");
        reply.close();
        return new Response(null, { status: 204 });
      },
    });
    return { ...api, setHistory: (next: typeof history) => (history = next) };
  }

  it("loads the history, sends to /topics/{id}/message/stream/ and the reply grows as it streams", async () => {
    const reply = replyStream();
    const api = topicServer(reply);
    renderChat("/chat/7");
    await screen.findByText("Первый ответ");
    await waitFor(() => expect(api.callsTo("GET", "/topics/7/stream")).toHaveLength(1));

    type("Второй вопрос");
    fireEvent.keyDown(textbox(), { key: "Enter" });
    await waitFor(() => expect(api.callsTo("POST", "/topics/7/message/stream")).toHaveLength(1));
    expect(api.callsTo("POST", "/topics/7/message/stream")[0].body).toEqual({ text: "Второй вопрос" });
    expect(screen.getByTestId("message-waiting")).toBeTruthy();

    reply.push("Второй ");
    await waitFor(() => expect(streamingText()).toBe("Второй"));
    reply.push("**ответ**");
    await waitFor(() => expect(streamingText()).toBe("Второй ответ"));
    // Markdown while it streams.
    expect(screen.getByTestId("message-streaming").querySelector("strong")?.textContent).toBe("ответ");

    api.setHistory([
      message(1, "user", "Первый вопрос"),
      message(2, "assistant", "Первый ответ"),
      message(3, "user", "Второй вопрос"),
      message(4, "assistant", "Второй **ответ**"),
    ]);
    reply.close();
    await waitFor(() => expect(screen.getAllByTestId("message-assistant")).toHaveLength(2));
    await waitFor(() => expect(api.callsTo("GET", "/topics/7/history")).toHaveLength(2));
    expect(screen.getAllByTestId("message-user").map((m) => m.textContent)).toEqual(["Первый вопрос", "Второй вопрос"]);
    expect(api.callsTo("POST", "/topics/start/stream")).toHaveLength(0);
    expect(api.callsTo("GET", "/topics/active/all").length).toBeGreaterThanOrEqual(1);
  });

  it("402: a clear message about the limits with a way to upgrade", async () => {
    const reply = replyStream();
    topicServer(reply, () => json({ detail: "Лимит запросов исчерпан" }, 402));
    renderChat("/chat/7");
    await screen.findByText("Первый ответ");
    type("Вопрос");
    fireEvent.click(sendButton());
    expect((await screen.findByTestId("message-notice")).textContent).toContain("Запросы закончились");
    expect(screen.getByRole("button", { name: "Обновить план" })).toBeTruthy();
  });

  it("409: «Дождитесь окончания ответа»", async () => {
    const reply = replyStream();
    topicServer(reply, () => json({ detail: "Дождитесь окончания ответа" }, 409));
    renderChat("/chat/7");
    await screen.findByText("Первый ответ");
    type("Вопрос");
    fireEvent.click(sendButton());
    expect((await screen.findByTestId("message-notice")).textContent).toBe("Дождитесь окончания ответа");
  });

  it("Stop asks the server to stop, and the reply cut short is marked «Ответ прерван»", async () => {
    const reply = replyStream();
    const api = topicServer(reply);
    renderChat("/chat/7");
    await screen.findByText("Первый ответ");
    type("Расскажи подробно");
    fireEvent.click(sendButton());
    reply.push("Начало");
    await waitFor(() => expect(streamingText()).toBe("Начало"));
    // What the server keeps after Stop: the text so far, marked partial.
    api.setHistory([
      message(1, "user", "Первый вопрос"),
      message(2, "assistant", "Первый ответ"),
      message(3, "user", "Расскажи подробно"),
      message(4, "assistant", "Начало (остановлено)", { state: "partial" }),
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Остановить ответ" }));
    await waitFor(() => expect(api.callsTo("POST", "/topics/7/stop")).toHaveLength(1));
    expect(await screen.findByTestId("message-partial")).toBeTruthy();
    expect(screen.getAllByTestId("message-assistant").at(-1)!.textContent).toContain("Начало (остановлено)");
  });
});

describe("opening a topic", () => {
  it("a history that fails to load: «Ошибка загрузки сообщения, повторите попытку позже.»", async () => {
    fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /topics/9/history": () => json({ detail: "Чат не найден" }, 404),
    });
    renderChat("/chat/9");
    expect((await screen.findByRole("alert")).textContent).toBe("Ошибка загрузки сообщения, повторите попытку позже.");
  });

  it("a reply still running shows the text so far and then grows live (resume after a reload)", async () => {
    const live = replyStream();
    let history = [message(1, "user", "Долгий вопрос")];
    const api = fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /topics/active/all": () => json([]),
      "GET /topics/4/history": () => json(history),
      "GET /topics/4/stream": () => live.response(),
    });
    renderChat("/chat/4");
    await screen.findByText("Долгий вопрос");
    live.push("Уже сказано. ");
    await waitFor(() => expect(streamingText()).toBe("Уже сказано."));
    expect(textbox().disabled).toBe(true);
    live.push("И ещё.");
    await waitFor(() => expect(streamingText()).toBe("Уже сказано. И ещё."));
    history = [message(1, "user", "Долгий вопрос"), message(2, "assistant", "Уже сказано. И ещё.")];
    live.close();
    await waitFor(() => expect(screen.getByTestId("message-assistant").textContent).toContain("Уже сказано. И ещё."));
    expect(textbox().disabled).toBe(false);
    expect(api.callsTo("GET", "/topics/4/stream")).toHaveLength(1);
  });

  it("a reply that ended between the history and the stream call is fetched again (204)", async () => {
    let history = [message(1, "user", "Вопрос")];
    const api = fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /topics/4/history": () => json(history),
      "GET /topics/4/stream": () => {
        history = [message(1, "user", "Вопрос"), message(2, "assistant", "Готовый ответ")];
        return new Response(null, { status: 204 });
      },
    });
    renderChat("/chat/4");
    await screen.findByText("Готовый ответ");
    expect(api.callsTo("GET", "/topics/4/history")).toHaveLength(2);
  });

  it("a connection that breaks mid-reply picks the reply up again from the server", async () => {
    const first = replyStream();
    const again = replyStream();
    let streamCalls = 0;
    const api = fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /topics/4/history": () => json([message(1, "user", "Вопрос")]),
      "GET /topics/4/stream": () => (++streamCalls === 1 ? new Response(null, { status: 204 }) : again.response()),
      "POST /topics/4/message/stream": () => first.response(),
    });
    renderChat("/chat/4");
    await screen.findByText("Вопрос");
    type("Ещё вопрос");
    fireEvent.click(sendButton());
    first.push("Нача");
    await waitFor(() => expect(streamingText()).toBe("Нача"));
    first.fail();
    await waitFor(() => expect(api.callsTo("GET", "/topics/4/stream")).toHaveLength(2));
    again.push("Начало и продолжение");
    await waitFor(() => expect(streamingText()).toBe("Начало и продолжение"));
    again.close();
    await waitFor(() => expect(screen.getByTestId("message-assistant").textContent).toContain("Начало и продолжение"));
  });

  it("a new chat after a topic starts empty", async () => {
    fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /topics/4/history": () => json([message(1, "user", "Старый вопрос")]),
      "GET /topics/4/stream": () => new Response(null, { status: 204 }),
    });
    const router = renderChat("/chat/4");
    await screen.findByText("Старый вопрос");
    await router.navigate("/chat");
    await waitFor(() => expect(screen.queryByText("Старый вопрос")).toBeNull());
    expect(screen.getByTestId("chat-start")).toBeTruthy();
  });
});

describe("signing out", () => {
  it("clears the messages, the topic and the attached files", async () => {
    fakeChatApi({
      "GET /limits": () => json(limits(5)),
      "GET /topics/4/history": () => json([message(1, "user", "Вопрос")]),
      "GET /topics/4/stream": () => new Response(null, { status: 204 }),
      "POST /attachments/upload": () => json({ attachment_id: 1 }, 201),
      "POST /users/logout": () => json({}),
    });
    renderChat("/chat/4");
    await screen.findByText("Вопрос");
    fireEvent.change(screen.getByTestId("composer-file-input"), {
      target: { files: [new File(["x"], "a.txt", { type: "text/plain" })] },
    });
    const { useAuth } = await import("../../web/src/features/auth/auth-store");
    useAuth.getState().logout();
    expect(useTurn.getState()).toMatchObject({ topicId: null, local: [], running: false, streaming: null });
    expect(useDraftFiles.getState().files).toEqual([]);
  });
});
