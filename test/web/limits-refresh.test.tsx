import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, expect, it, vi } from "vitest";
import { useAuth } from "../../web/src/features/auth/auth-store";
import { useLimits } from "../../web/src/features/billing/limits-queries";
import { limitRow, limitsOf } from "./billing-fakes";
import { fakeChatApi, json } from "./chat-fakes";
import { Providers } from "./providers";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuth.setState({ status: "anonymous", record: null });
});

// A browser fires `visibilitychange` at the document and it bubbles to the window, where TanStack
// Query listens: dispatched here the same way.
const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

it(
  "a tab shown again reads the limits anew (a pack bought in another tab shows up), only for a signed-in " + "user",
  async () => {
    let available = 0;
    const api = fakeChatApi({ "GET /limits": () => json(limitsOf([limitRow({ available_requests: available })])) });
    useAuth.setState({ status: "anonymous", record: null });
    const { result } = renderHook(() => useLimits(), { wrapper });
    act(() => void document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    expect(api.callsTo("GET", "/limits")).toHaveLength(0);

    act(() =>
      useAuth.setState({
        status: "authenticated",
        record: { access_token: "access-1", refresh_token: "refresh-1", email: "anna@example.com", name: "Анна" },
      }),
    );
    await waitFor(() => expect(result.current?.available_requests).toBe(0));
    available = 100;
    expect(document.visibilityState).toBe("visible");
    act(() => void document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await waitFor(() => expect(result.current?.available_requests).toBe(100));
  },
);
