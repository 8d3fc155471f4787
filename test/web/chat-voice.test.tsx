import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { attachmentKind } from "../../web/src/features/chat/files";
import { formatDuration } from "../../web/src/features/chat/use-voice-recorder";
import { fakeChatApi, json, limits } from "./chat-fakes";
import { disclaimersSettled, renderChat, resetStores, signIn } from "./chat-render";

// docs/conversations.md "Voice" in the composer: the microphone records (the browser's
// MediaRecorder, played here by a stand-in at the browser's API), the recording is attached and
// transcribed, and the text lands in the box to be checked. The real microphone is e2e's.

class FakeRecorder {
  static last: FakeRecorder | null = null;
  static isTypeSupported = (type: string) => type.startsWith("audio/webm");
  state: "inactive" | "recording" = "inactive";
  mimeType = "audio/webm;codecs=opus";
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(readonly stream: MediaStream) {
    FakeRecorder.last = this;
  }
  start() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const track = { stop: vi.fn() };
function microphone(allowed = true) {
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  const getUserMedia = vi.fn(async () => {
    if (!allowed) throw new DOMException("denied", "NotAllowedError");
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia } });
  return getUserMedia;
}

function server(transcribe: () => Response = () => json({ text: "Можно ли вернуть задаток?", demo: false })) {
  return fakeChatApi({
    "GET /limits": () => json(limits(5)),
    "GET /products": () => json([]),
    "GET /disclaimers": () => json([]),
    "POST /attachments/upload": (call) =>
      json(
        {
          attachment_id: 31,
          filename: (call.form!.get("file") as File).name,
          content_type: "audio",
          mime_type: "audio/webm",
          size: 4,
          url: "/f/31",
        },
        201,
      ),
    "POST /attachments/31/transcribe": transcribe,
  });
}

beforeEach(() => {
  resetStores();
  signIn();
  track.stop.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("knows a recording by its type, and shows its length as m:ss", () => {
  expect(attachmentKind({ type: "audio/webm" })).toBe("audio");
  expect(formatDuration(7)).toBe("0:07");
  expect(formatDuration(150)).toBe("2:30");
});

it("records, attaches the recording and puts its transcript into the box after what was typed", async () => {
  microphone();
  const api = server();
  renderChat("/chat");
  await disclaimersSettled();
  const box = screen.getByRole("textbox", { name: "Сообщение" });
  fireEvent.change(box, { target: { value: "Вопрос:" } });
  fireEvent.click(screen.getByRole("button", { name: "Записать вопрос голосом" }));
  expect(await screen.findByRole("status", { name: "Идёт запись" })).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Закончить запись" })));

  await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe("Вопрос: Можно ли вернуть задаток?"));
  const sent = api.callsTo("POST", "/attachments/upload")[0]!.form!.get("file") as File;
  expect(sent.name).toBe("Голосовое сообщение.webm");
  expect(sent.type).toBe("audio/webm");
  expect(api.callsTo("POST", "/attachments/31/transcribe")).toHaveLength(1);
  // The recording stays attached, and the microphone is free again.
  expect(screen.getByTestId("file-chip").textContent).toContain("Голосовое сообщение.webm");
  expect(track.stop).toHaveBeenCalled();
});

it("says so when the microphone is not allowed", async () => {
  microphone(false);
  server();
  renderChat("/chat");
  await disclaimersSettled();
  fireEvent.click(screen.getByRole("button", { name: "Записать вопрос голосом" }));
  expect(
    await screen.findByText("Нет доступа к микрофону: разрешите его в настройках браузера и попробуйте снова."),
  ).toBeTruthy();
});

it("a failed transcription says why and leaves the box as it was", async () => {
  microphone();
  server(() => json({ detail: "Не удалось распознать речь: попробуйте ещё раз или напишите вопрос текстом" }, 502));
  renderChat("/chat");
  await disclaimersSettled();
  fireEvent.click(screen.getByRole("button", { name: "Записать вопрос голосом" }));
  await screen.findByRole("status", { name: "Идёт запись" });
  await act(async () => FakeRecorder.last!.stop());
  expect(
    await screen.findByText("Не удалось распознать речь: попробуйте ещё раз или напишите вопрос текстом"),
  ).toBeTruthy();
  expect((screen.getByRole("textbox", { name: "Сообщение" }) as HTMLTextAreaElement).value).toBe("");
});
