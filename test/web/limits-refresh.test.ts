import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { useLimits } from "../../web/src/features/billing/limits-store";
import { limitRow, limitsOf } from "./billing-fakes";
import { fakeChatApi, json } from "./chat-fakes";

beforeEach(() => useLimits.getState().clear());
afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.setState({ status: "anonymous", record: null });
});

it("a tab shown again reads the limits anew (a pack bought in another tab shows up), only for a signed-in user", async () => {
  let available = 0;
  const api = fakeChatApi({ "GET /limits": () => json(limitsOf([limitRow({ available_requests: available })])) });
  useAuth.setState({ status: "anonymous", record: null });
  document.dispatchEvent(new Event("visibilitychange"));
  expect(api.callsTo("GET", "/limits")).toHaveLength(0);

  useAuth.setState({ status: "authenticated", record: { access_token: "access-1", refresh_token: "refresh-1", email: "anna@example.com", name: "Анна" } });
  await vi.waitFor(() => expect(useLimits.getState().available_requests).toBe(0));
  available = 100;
  expect(document.visibilityState).toBe("visible");
  document.dispatchEvent(new Event("visibilitychange"));
  await vi.waitFor(() => expect(useLimits.getState().available_requests).toBe(100));
});
