import { Providers } from "./providers";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { NotificationBell } from "../../web/src/features/notifications/NotificationBell";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { queryClient } from "../../web/src/api/query-client";
import {
  NOTIFICATIONS_POLL_MS,
  type Notice,
  unreadNoticesQuery,
} from "../../web/src/features/notifications/notifications-queries";
import { fakeApi } from "./auth-fakes";

const notice = (id: number, title: string): Notice => ({
  id,
  title,
  text: `Текст: ${title}`,
  created_at: "2025-05-04T09:00:00.000Z",
  read: false,
});

/** The Worker's notices of one user: unread ones listed with the count in X-Unread-Count. */
function fakeNotices(initial: Notice[]) {
  let notices = [...initial];
  const unread = () => notices.filter((n) => !n.read);
  const api = fakeApi({
    // The table holds exact paths: `POST /notifications/{id}/read` for the ids the tests use.
    ...Object.fromEntries(
      [1, 2, 7, 8].map((id) => [
        `POST /notifications/${id}/read`,
        () => {
          notices = notices.map((n) => (n.id === id ? { ...n, read: true } : n));
          return new Response(null, { status: 204 });
        },
      ]),
    ),
    "GET /notifications": (call) => {
      expect(call.query.get("unread")).toBe("true");
      return Response.json(unread(), { headers: { "X-Unread-Count": String(unread().length) } });
    },
    "POST /notifications/read-all": () => {
      const marked = unread().length;
      notices = notices.map((n) => ({ ...n, read: true }));
      return Response.json({ marked });
    },
  });
  return { api, add: (n: Notice) => (notices = [n, ...notices]), unread };
}

const signIn = () =>
  useAuth.setState({
    status: "authenticated",
    record: { access_token: "access-1", refresh_token: "refresh-1", email: "anna@example.com", name: "Анна" },
  });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAuth.setState({ status: "anonymous", record: null });
});

it("shows nothing for a guest", () => {
  const api = fakeApi({});
  render(
    <Providers>
      <NotificationBell />
    </Providers>,
  );
  expect(screen.queryByRole("button", { name: /Уведомления/ })).toBeNull();
  expect(api.calls).toHaveLength(0);
});

it("shows the unread count, lists the notices, marks one and then all read", async () => {
  signIn();
  const server = fakeNotices([notice(2, "Второе"), notice(1, "Первое")]);
  render(
    <Providers>
      <NotificationBell />
    </Providers>,
  );
  const bell = await screen.findByRole("button", { name: "Непрочитанных уведомлений: 2" });
  expect(screen.getByTestId("notification-count").textContent).toBe("2");

  fireEvent.click(bell);
  const items = await screen.findAllByTestId("notification-item");
  expect(items.map((i) => within(i).getByText(/^(Первое|Второе)$/).textContent)).toEqual(["Второе", "Первое"]);
  expect(within(items[0]!).getByText("Текст: Второе")).toBeTruthy();
  expect(within(items[0]!).getByText("04.05.2025")).toBeTruthy();

  // Marking one read calls its route and takes it off the list.
  fireEvent.click(within(items[0]!).getByRole("button", { name: "Прочитано" }));
  await vi.waitFor(() => expect(server.api.callsTo("POST /notifications/2/read")).toHaveLength(1));
  expect(server.unread().map((n) => n.id)).toEqual([1]);
  expect(screen.getAllByTestId("notification-item")).toHaveLength(1);
  expect(screen.getByTestId("notification-count").textContent).toBe("1");

  fireEvent.click(screen.getByRole("button", { name: "Прочитать все" }));
  await vi.waitFor(() => expect(server.api.callsTo("POST /notifications/read-all")).toHaveLength(1));
  expect(screen.queryByTestId("notification-count")).toBeNull();
  expect(screen.getByText("Новых уведомлений нет")).toBeTruthy();
  expect(server.unread()).toEqual([]);
});

it("polls every minute and on focus, and forgets everything on logout", async () => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  signIn();
  const server = fakeNotices([]);
  render(
    <Providers>
      <NotificationBell />
    </Providers>,
  );
  await vi.waitFor(() => expect(server.api.callsTo("GET /notifications")).toHaveLength(1));
  expect(screen.queryByTestId("notification-count")).toBeNull();

  server.add(notice(7, "Новое"));
  await act(async () => vi.advanceTimersByTime(NOTIFICATIONS_POLL_MS));
  await vi.waitFor(() => expect(screen.getByTestId("notification-count").textContent).toBe("1"));

  server.add(notice(8, "Ещё одно"));
  await act(async () => window.dispatchEvent(new Event("focus")));
  await vi.waitFor(() => expect(screen.getByTestId("notification-count").textContent).toBe("2"));

  await act(async () => useAuth.getState().logout());
  expect(queryClient.getQueryData(unreadNoticesQuery(null).queryKey)).toBeUndefined();
  expect(screen.queryByTestId("notification-count")).toBeNull();
  const polls = server.api.callsTo("GET /notifications").length;
  await act(async () => vi.advanceTimersByTime(NOTIFICATIONS_POLL_MS * 2));
  expect(server.api.callsTo("GET /notifications")).toHaveLength(polls);
});
