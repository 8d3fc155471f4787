import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { fakeChatApi, json, limits, message } from "./chat-fakes";
import { renderChat, resetStores, signIn } from "./chat-render";

// docs/conversations.md "Feedback": 👍/👎 under a reply, shown at once, taken back by a second
// click, a comment offered with 👎; a refusal puts the rating back and says so.

function server(options: { refuse?: boolean; feedback?: "up" | "down" | null } = {}) {
  const answer = () =>
    options.refuse
      ? json({ detail: "Сбой" }, 500)
      : json({ message_id: 2, rating: "up", comment: null, updated_at: "2025-05-01T10:00:00Z" });
  return fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /topics/active/all": () => json([]),
    "GET /disclaimers": () => json([]),
    "GET /topics/7/history": () =>
      json([message(1, "user", "Вопрос"), message(2, "assistant", "Ответ", { feedback: options.feedback ?? null })]),
    "GET /topics/7/stream": () => new Response(null, { status: 204 }),
    "POST /topics/7/messages/2/feedback": answer,
    "DELETE /topics/7/messages/2/feedback": () =>
      options.refuse ? json({ detail: "Сбой" }, 500) : new Response(null, { status: 204 }),
  });
}

const up = () => screen.getByTestId("feedback-up");
const down = () => screen.getByTestId("feedback-down");

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("👍 rates the reply at once, a second click takes it back", async () => {
  const api = server();
  renderChat("/chat/7");
  await screen.findByText("Ответ");
  expect(up().getAttribute("aria-pressed")).toBe("false");
  fireEvent.click(up());
  expect(up().getAttribute("aria-pressed")).toBe("true");
  await waitFor(() => expect(api.callsTo("POST", "/topics/7/messages/2/feedback")).toHaveLength(1));
  expect(api.callsTo("POST", "/topics/7/messages/2/feedback")[0]!.body).toEqual({ rating: "up" });

  fireEvent.click(up());
  expect(up().getAttribute("aria-pressed")).toBe("false");
  await waitFor(() => expect(api.callsTo("DELETE", "/topics/7/messages/2/feedback")).toHaveLength(1));
});

it("shows the rating the history has, and only under replies", async () => {
  server({ feedback: "down" });
  renderChat("/chat/7");
  await screen.findByText("Ответ");
  expect(down().getAttribute("aria-pressed")).toBe("true");
  expect(screen.getAllByTestId("feedback-up")).toHaveLength(1);
  expect(within(screen.getByTestId("message-user")).queryByTestId("feedback-up")).toBeNull();
});

it("👎 offers a comment, sent with the rating", async () => {
  const api = server();
  renderChat("/chat/7");
  await screen.findByText("Ответ");
  fireEvent.click(down());
  const comment = await screen.findByLabelText("Что не так? (необязательно)");
  fireEvent.change(comment, { target: { value: "  Норма устарела  " } });
  fireEvent.click(screen.getByRole("button", { name: "Отправить отзыв" }));
  await waitFor(() => expect(api.callsTo("POST", "/topics/7/messages/2/feedback")).toHaveLength(2));
  expect(api.callsTo("POST", "/topics/7/messages/2/feedback").map((c) => c.body)).toEqual([
    { rating: "down" },
    { rating: "down", comment: "Норма устарела" },
  ]);
  expect(await screen.findByText("Спасибо, это поможет сделать ответы лучше.")).toBeTruthy();
});

it("a rating the server refuses goes back, and the user is told", async () => {
  server({ refuse: true });
  renderChat("/chat/7");
  await screen.findByText("Ответ");
  fireEvent.click(up());
  expect(await screen.findByText("Не удалось сохранить оценку, повторите попытку позже.")).toBeTruthy();
  expect(up().getAttribute("aria-pressed")).toBe("false");
});
