import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useMode } from "../../web/src/features/modes/mode-store";
import type { Topic } from "../../web/src/features/topics/topics-queries";
import { disclaimer, deferred } from "./billing-fakes";
import { fakeChatApi, json, limits, replyStream } from "./chat-fakes";
import { disclaimersSettled, renderChat, resetStores, sidebarShowing, signIn } from "./chat-render";

const LAW_TEXT = "Ответы ассистента не являются юридической консультацией.";

const textbox = () => screen.getByRole("textbox", { name: "Сообщение" }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: "Отправить" }) as HTMLButtonElement;
/** The terms above the box (a region named after them), never a dialog. */
const TERMS = { name: /^Условия использования режима/ };
const panel = () => screen.queryByRole("region", TERMS);
const findPanel = () => screen.findByRole("region", TERMS);
const REQUIRED = "Чтобы отправить сообщение в этом режиме, примите его условия использования.";

function ask(text: string) {
  fireEvent.change(textbox(), { target: { value: text } });
  fireEvent.click(sendButton());
}

/**
 * The Worker with the modes' terms: accepting one flips it; a send in a mode whose terms are not
 * accepted is refused with 403 as docs/billing.md says; other sends stream a short reply.
 */
function server(options: { accepted?: string[]; acceptStatus?: number; list?: () => Promise<Response> } = {}) {
  const items = [disclaimer("explain_law"), disclaimer("explain_estate")].map((d) => ({
    ...d,
    accepted: options.accepted?.includes(d.assistant_type) ?? false,
  }));
  let topic = 40;
  const api = fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /disclaimers": () => options.list?.() ?? json(items),
    "POST /disclaimers/:type/accept": (call, { type }) => {
      if (options.acceptStatus) return json({ detail: "Внутренняя ошибка сервера" }, options.acceptStatus);
      const item = items.find((d) => d.assistant_type === type)!;
      if ((call.body as { version?: number }).version !== item.version)
        return json({ detail: "Условия изменились: прочитайте их ещё раз" }, 409);
      item.accepted = true;
      return json(item);
    },
    "POST /topics/start/stream": (call) => {
      const mode = (call.body as { assistant_type: string }).assistant_type;
      if (items.some((d) => d.assistant_type === mode && !d.accepted))
        return json({ detail: "Примите условия использования режима" }, 403);
      const reply = replyStream();
      reply.push(`topic_id: ${++topic}\nОтвет`);
      reply.close();
      return reply.response();
    },
    "POST /topics/:id/message/stream": () => {
      const reply = replyStream();
      reply.push("Ещё ответ");
      reply.close();
      return reply.response();
    },
    "GET /topics/:id/history": () => json([]),
    "GET /topics/:id/stream": () => new Response(null, { status: 204 }),
  });
  return {
    ...api,
    sends: () => api.calls.filter((c) => c.method === "POST" && c.path.includes("/stream")),
    /**
     * An admin's `POST /disclaimers/set_for_all/`: a new version (with a new text, if given) that everyone accepts
     * again.
     */
    resetForAll: (text?: string) =>
      items.forEach((d) => {
        d.accepted = false;
        d.version += 1;
        if (text) d.text = text;
      }),
  };
}

beforeEach(() => {
  resetStores();
  signIn();
  useMode.getState().setMode("explain_law");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the terms above the box before the first message in a mode", () => {
  it("shows the mode's terms above the box before anything is typed; a send waits and keeps the message", async () => {
    const api = server();
    renderChat("/chat");
    await disclaimersSettled();
    const terms = await findPanel();
    expect(terms.getAttribute("aria-labelledby")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Условия использования режима «Объясни закон»" })).toBe(terms);
    expect(within(terms).getByText(LAW_TEXT)).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();

    ask("Как вернуть товар?");
    expect(within(terms).getByRole("alert").textContent).toBe(REQUIRED);
    expect(textbox().value).toBe("Как вернуть товар?");
    expect(screen.queryByTestId("message-user")).toBeNull();
    expect(api.sends()).toHaveLength(0);
    expect(api.callsTo("POST", "/disclaimers/explain_law/accept")).toHaveLength(0);
  });

  it('"Принимаю" accepts the terms and sends the message; the next message goes straight away', async () => {
    const api = server();
    renderChat("/chat");
    await disclaimersSettled();
    ask("Как вернуть товар?");
    const terms = await findPanel();
    fireEvent.click(within(terms).getByRole("button", { name: "Принимаю" }));

    await waitFor(() => expect(api.sends()).toHaveLength(1));
    expect(api.callsTo("POST", "/disclaimers/explain_law/accept")).toHaveLength(1);
    // The version the user read goes with the acceptance.
    expect(api.callsTo("POST", "/disclaimers/explain_law/accept")[0].body).toEqual({ version: 1 });
    // Accepted before the message went.
    expect(api.calls.findIndex((c) => c.path === "/disclaimers/explain_law/accept")).toBeLessThan(
      api.calls.findIndex((c) => c.path === "/topics/start/stream"),
    );
    expect(api.sends()[0].body).toEqual({
      message: { text: "Как вернуть товар?", attachments: [] },
      assistant_type: "explain_law",
    });
    expect(panel()).toBeNull();
    await waitFor(() => expect(api.callsTo("GET", "/topics/41/history")).toHaveLength(1));
    cleanup();

    // Once per mode: the next new chat in it sends at once.
    renderChat("/chat");
    ask("А если без чека?");
    await waitFor(() => expect(api.sends()).toHaveLength(2));
    expect(panel()).toBeNull();
    expect(api.callsTo("POST", "/disclaimers/explain_law/accept")).toHaveLength(1);
  });

  it("terms accepted before anything is sent: nothing goes by itself, the next send goes at once", async () => {
    const api = server();
    renderChat("/chat");
    await disclaimersSettled();
    fireEvent.change(textbox(), { target: { value: "Черновик" } });
    fireEvent.click(within(await findPanel()).getByRole("button", { name: "Принимаю" }));
    await waitFor(() => expect(panel()).toBeNull());
    expect(api.sends()).toHaveLength(0);
    expect(textbox().value).toBe("Черновик");
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.sends()).toHaveLength(1));
  });

  it("terms already accepted, or a mode without terms: no terms shown", async () => {
    const api = server({ accepted: ["explain_law"] });
    renderChat("/chat");
    await disclaimersSettled();
    ask("Вопрос юристу");
    await waitFor(() => expect(api.sends()).toHaveLength(1));
    expect(panel()).toBeNull();
    cleanup();

    useMode.getState().setMode("gpt");
    renderChat("/chat");
    ask("Общий вопрос");
    await waitFor(() => expect(api.sends()).toHaveLength(2));
    expect(panel()).toBeNull();
  });

  it("a send before the terms have arrived waits for them", async () => {
    const answer = deferred();
    const api = server({ list: () => answer.promise });
    renderChat("/chat");
    ask("Вопрос");
    await act(async () => undefined);
    expect(api.sends()).toHaveLength(0);
    expect(panel()).toBeNull();
    answer.resolve(json([disclaimer("explain_law")]));
    expect(within(await findPanel()).getByRole("alert").textContent).toBe(REQUIRED);
    expect(api.sends()).toHaveLength(0);
  });

  it("the topic's own mode decides in an open topic", async () => {
    const api = server({ accepted: ["explain_law"] });
    const estateTopic: Topic = {
      id: 7,
      topic_name: "Квартира",
      assistant_type: "explain_estate",
      status: "active",
      folder_id: null,
      pinned: false,
      share_hash: null,
      created_at: "2026-11-20T10:00:00Z",
      updated_at: "2026-11-20T10:00:00Z",
    };
    sidebarShowing([{ date: "2026-11-20", topics: [estateTopic] }], { status: "active", type: "all", folderId: null });
    renderChat("/chat/7");
    await disclaimersSettled();
    await waitFor(() => expect(textbox().disabled).toBe(false));
    ask("Какие налоги?");
    const terms = await screen.findByRole("region", { name: "Условия использования режима «Недвижимость»" });
    fireEvent.click(within(terms).getByRole("button", { name: "Принимаю" }));
    await waitFor(() => expect(api.callsTo("POST", "/topics/7/message/stream")).toHaveLength(1));
    expect(api.callsTo("POST", "/disclaimers/explain_estate/accept")).toHaveLength(1);
  });

  it("terms that cannot be accepted stay with a message, and nothing is sent", async () => {
    const api = server({ acceptStatus: 500 });
    renderChat("/chat");
    await disclaimersSettled();
    ask("Вопрос");
    const terms = await findPanel();
    fireEvent.click(within(terms).getByRole("button", { name: "Принимаю" }));
    expect(await within(terms).findByText("Не удалось принять условия, повторите попытку позже.")).toBeTruthy();
    expect(api.sends()).toHaveLength(0);
  });

  it(
    "a send the server refuses for the terms (reset by an admin meanwhile) says so, and the next send shows " + "them",
    async () => {
      const api = server({ accepted: ["explain_law"] });
      renderChat("/chat");
      await disclaimersSettled();
      api.resetForAll();
      ask("Вопрос");
      expect(await screen.findByTestId("message-notice")).toHaveProperty("textContent", REQUIRED);
      await waitFor(() => expect(api.callsTo("GET", "/disclaimers")).toHaveLength(2));
      await disclaimersSettled();
      await waitFor(() => expect(textbox().disabled).toBe(false));
      // The terms, loaded again, stand above the box at once.
      const terms = await findPanel();

      ask("Вопрос ещё раз");
      expect(within(terms).getByText(LAW_TEXT)).toBeTruthy();
      fireEvent.click(within(terms).getByRole("button", { name: "Принимаю" }));
      await waitFor(() => expect(api.sends()).toHaveLength(2));
      expect(api.callsTo("POST", "/disclaimers/explain_law/accept")).toHaveLength(1);
    },
  );

  it("terms changed while they were open: the new text is shown to be accepted, then the message goes", async () => {
    const api = server();
    renderChat("/chat");
    await disclaimersSettled();
    ask("Вопрос");
    const terms = await findPanel();
    api.resetForAll("Новая редакция условий юридического режима.");
    fireEvent.click(within(terms).getByRole("button", { name: "Принимаю" }));
    expect(
      await within(terms).findByText("Условия только что обновились: прочитайте новую редакцию и примите её."),
    ).toBeTruthy();
    expect(within(terms).getByText("Новая редакция условий юридического режима.")).toBeTruthy();
    expect(api.sends()).toHaveLength(0);
    fireEvent.click(within(terms).getByRole("button", { name: "Принимаю" }));
    await waitFor(() => expect(api.sends()).toHaveLength(1));
    expect(api.callsTo("POST", "/disclaimers/explain_law/accept").map((c) => c.body)).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
  });
});
