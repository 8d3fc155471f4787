import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { fakeChatApi, json, limits, message, replyStream } from "./chat-fakes";
import { renderChat, resetStores, signIn } from "./chat-render";

// docs/conversations.md "Versions" and "Continue" in the chat view: another reply, an edited
// question, ‹ n/m › to switch versions, and going on from a cut reply.

const first = [
  message(1, "user", "Вопрос"),
  message(2, "assistant", "Ответ первый", { version: 1, version_ids: [2, 5] }),
];
const second = [
  message(1, "user", "Вопрос"),
  message(5, "assistant", "Ответ второй", { version: 2, version_ids: [2, 5] }),
];

function server(history: () => unknown[], routes: Parameters<typeof fakeChatApi>[0] = {}) {
  return fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /topics/active/all": () => json([]),
    "GET /disclaimers": () => json([]),
    "GET /topics/7/history": () => json(history()),
    "GET /topics/7/stream": () => new Response(null, { status: 204 }),
    ...routes,
  });
}

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("‹ 2/2 › switches to the other version and shows the branch the server answers", async () => {
  const api = server(() => second, { "PUT /topics/7/branch": () => json(first) });
  renderChat("/chat/7");
  await screen.findByText("Ответ второй");
  expect(screen.getByTestId("version-position").textContent).toBe("2/2");
  expect(screen.getByRole("button", { name: "Следующая версия" })).toHaveProperty("disabled", true);
  fireEvent.click(screen.getByRole("button", { name: "Предыдущая версия" }));
  expect(await screen.findByText("Ответ первый")).toBeTruthy();
  expect(api.callsTo("PUT", "/topics/7/branch")[0]!.body).toEqual({ message_id: 2 });
  expect(screen.getByTestId("version-position").textContent).toBe("1/2");
  expect(screen.queryByText("Ответ второй")).toBeNull();
});

it("«Другой ответ» streams a new reply in the old one's place, then shows the server's versions", async () => {
  const reply = replyStream();
  let after = [message(1, "user", "Вопрос"), message(2, "assistant", "Ответ первый")];
  const api = server(() => after, { "POST /topics/7/messages/2/regenerate/stream": () => reply.response() });
  renderChat("/chat/7");
  await screen.findByText("Ответ первый");
  fireEvent.click(screen.getByTestId("message-regenerate"));
  await waitFor(() => expect(api.callsTo("POST", "/topics/7/messages/2/regenerate/stream")).toHaveLength(1));
  expect(screen.queryByText("Ответ первый")).toBeNull();
  reply.push("Ответ второй");
  expect(await screen.findByText("Ответ второй")).toBeTruthy();
  after = second;
  reply.close();
  await waitFor(() => expect(screen.getByTestId("version-position").textContent).toBe("2/2"));
});

it("a regenerate refused for lack of requests says so and keeps the old reply", async () => {
  server(() => first, {
    "POST /topics/7/messages/2/regenerate/stream": () => json({ detail: "Лимит запросов исчерпан" }, 402),
  });
  renderChat("/chat/7");
  await screen.findByText("Ответ первый");
  fireEvent.click(screen.getByTestId("message-regenerate"));
  expect(await screen.findByText("Запросы закончились. Обновите план, чтобы продолжить общение.")).toBeTruthy();
  expect(await screen.findByText("Ответ первый")).toBeTruthy();
});

it("«Изменить вопрос» edits in place and sends the new text as a new version", async () => {
  const reply = replyStream();
  const api = server(() => [message(1, "user", "Вопрос"), message(2, "assistant", "Ответ первый")], {
    "POST /topics/7/messages/1/edit/stream": () => reply.response(),
  });
  renderChat("/chat/7");
  await screen.findByText("Ответ первый");
  fireEvent.click(screen.getByTestId("message-edit"));
  const editor = screen.getByLabelText("Новый текст вопроса");
  expect((editor as HTMLTextAreaElement).value).toBe("Вопрос");
  // Unchanged text is not sent.
  expect(within(screen.getByTestId("question-editor")).getByRole("button", { name: "Отправить" })).toHaveProperty(
    "disabled",
    true,
  );
  fireEvent.change(editor, { target: { value: "Вопрос получше" } });
  fireEvent.keyDown(editor, { key: "Enter" });
  await waitFor(() => expect(api.callsTo("POST", "/topics/7/messages/1/edit/stream")).toHaveLength(1));
  expect(api.callsTo("POST", "/topics/7/messages/1/edit/stream")[0]!.body).toEqual({ text: "Вопрос получше" });
  expect(screen.getByText("Вопрос получше")).toBeTruthy();
  expect(screen.queryByText("Ответ первый")).toBeNull();
  reply.push("Новый ответ");
  reply.close();
  expect(await screen.findByText("Новый ответ")).toBeTruthy();
});

it("Escape leaves the editor without sending", async () => {
  const api = server(() => first);
  renderChat("/chat/7");
  await screen.findByText("Ответ первый");
  fireEvent.click(screen.getByTestId("message-edit"));
  fireEvent.keyDown(screen.getByLabelText("Новый текст вопроса"), { key: "Escape" });
  expect(screen.queryByTestId("question-editor")).toBeNull();
  expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);
});

it("«Продолжить ответ» under a cut reply at the end replaces it with the whole streamed reply", async () => {
  const reply = replyStream();
  let history = [message(1, "user", "Вопрос"), message(2, "assistant", "Начало", { state: "partial" })];
  const api = server(() => history, { "POST /topics/7/continue/stream": () => reply.response() });
  renderChat("/chat/7");
  await screen.findByText("Начало");
  fireEvent.click(screen.getByTestId("message-continue"));
  await waitFor(() => expect(api.callsTo("POST", "/topics/7/continue/stream")).toHaveLength(1));
  reply.push("Начало и конец");
  expect(await screen.findByText("Начало и конец")).toBeTruthy();
  history = [message(1, "user", "Вопрос"), message(2, "assistant", "Начало и конец")];
  reply.close();
  await waitFor(() => expect(screen.queryByTestId("message-partial")).toBeNull());
  expect(screen.getAllByTestId("message-assistant")).toHaveLength(1);
  expect(screen.queryByTestId("message-continue")).toBeNull();
});

it("offers to continue only the last reply", async () => {
  server(() => [
    message(1, "user", "В1"),
    message(2, "assistant", "Обрыв", { state: "partial" }),
    message(3, "user", "В2"),
    message(4, "assistant", "Целый"),
  ]);
  renderChat("/chat/7");
  await screen.findByText("Целый");
  expect(screen.queryByTestId("message-continue")).toBeNull();
});
