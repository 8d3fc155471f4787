import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PrivacySettings } from "../../web/src/features/privacy/PrivacySettings";
import { fakeChatApi, json } from "./chat-fakes";
import { resetStores, signIn } from "./chat-render";
import { Providers } from "./providers";

// The settings' «Приватность» tab: the guard per mode (docs/privacy.md "What the user sees").

const switchOf = (mode: string) =>
  screen.findByRole("switch", { name: `Скрывать персональные данные от модели: ${mode}` });

/** The Worker with the guard on in both modes; `put` answers the change (held by the test when it wants). */
function server(put: () => Response | Promise<Response>) {
  return fakeChatApi({
    "GET /products": () =>
      json([
        { assistant_type: "explain_law", title: "Юрист", description: "Право", model: "default" },
        { assistant_type: "gpt", title: "Общий", description: "Всё", model: "default" },
      ]),
    "GET /privacy/settings": () =>
      json([
        { assistant_type: "explain_law", enabled: true },
        { assistant_type: "gpt", enabled: true },
      ]),
    "PUT /privacy/settings/:type": () => put(),
  });
}

function held() {
  let answer!: (res: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

beforeEach(() => {
  resetStores();
  signIn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the privacy settings", () => {
  it("a switch per mode, named by the mode; turning one off is shown at once and saved", async () => {
    const answer = held();
    const api = server(() => answer.promise);
    render(<Providers>{<PrivacySettings />}</Providers>);
    const law = await switchOf("Юрист");
    expect(law.getAttribute("aria-checked")).toBe("true");
    expect((await switchOf("Общий")).getAttribute("aria-checked")).toBe("true");

    fireEvent.click(law);
    await waitFor(() => expect(law.getAttribute("aria-checked")).toBe("false"));
    expect(api.callsTo("PUT", "/privacy/settings/explain_law").map((c) => c.body)).toEqual([{ enabled: false }]);
    await act(async () => answer.answer(json({ assistant_type: "explain_law", enabled: false })));
    expect(law.getAttribute("aria-checked")).toBe("false");
    expect((await switchOf("Общий")).getAttribute("aria-checked")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a change the server does not take goes back and says so in Russian", async () => {
    const answer = held();
    server(() => answer.promise);
    render(<Providers>{<PrivacySettings />}</Providers>);
    const law = await switchOf("Юрист");
    fireEvent.click(law);
    await waitFor(() => expect(law.getAttribute("aria-checked")).toBe("false"));
    await act(async () => answer.answer(new Response(null, { status: 503 })));
    await waitFor(() => expect(law.getAttribute("aria-checked")).toBe("true"));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Не удалось сохранить настройку, повторите попытку позже.",
    );
  });

  it("a network failure goes back too", async () => {
    server(() => Promise.reject(new TypeError("network error")));
    render(<Providers>{<PrivacySettings />}</Providers>);
    const general = await switchOf("Общий");
    fireEvent.click(general);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Не удалось сохранить настройку, повторите попытку позже.",
    );
    expect(general.getAttribute("aria-checked")).toBe("true");
  });
});
