import { describe, expect, it } from "vitest";
import {
  countFound,
  detect,
  emptyVault,
  itemKey,
  maskedSummary,
  maskText,
  openVault,
  sealVault,
  StreamUnmasker,
  unmaskingStream,
  unmaskText,
  VaultSealError,
} from "../../worker/privacy";

const SELLER = "Иванов Иван Иванович";
const BUYER = "Петрова Анна Сергеевна";

describe("maskText", () => {
  it("replaces each value with its placeholder and counts the kinds", () => {
    const text =
      `Продавец ${SELLER}, паспорт 4506 123456, тел. +7 916 123-45-67 и 8 903 765-43-21. Покупатель ` + `${BUYER}.`;
    const { text: masked, vault, masked: counts } = maskText(text, emptyVault());
    expect(masked).toBe("Продавец [ФИО 1], паспорт [Паспорт 1], тел. [Телефон 1] и [Телефон 2]. Покупатель [ФИО 2].");
    expect(counts).toEqual([
      { kind: "passport", count: 1 },
      { kind: "phone", count: 2 },
      { kind: "name", count: 2 },
    ]);
    expect(unmaskText(masked, vault)).toBe(text);
  });

  it("keeps a value's placeholder across the topic's messages, numbering new ones after", () => {
    const first = maskText(`${SELLER} продаёт квартиру ${BUYER}, СНИЛС продавца 112-233-445 95.`, emptyVault());
    const second = maskText(
      "Покупателю Петровой Анне Сергеевне звонить на 89161234567; СНИЛС 112-233-44595.",
      first.vault,
    );
    expect(second.text).toBe("Покупателю [ФИО 2] звонить на [Телефон 1]; СНИЛС [СНИЛС 1].");
    const third = maskText("Подпись: Иванов И.И. Свидетель Сидоров Пётр Ильич, +7 (916) 123-45-67.", second.vault);
    expect(third.text).toBe("Подпись: [ФИО 1] Свидетель [ФИО 3], [Телефон 1].");
    expect(third.vault.entries.map((e) => e.placeholder)).toEqual([
      "[ФИО 1]",
      "[ФИО 2]",
      "[СНИЛС 1]",
      "[Телефон 1]",
      "[ФИО 3]",
    ]);
    // A name comes back in the nominative, whatever case it was first written in.
    expect(unmaskText("[ФИО 2] подписала", third.vault)).toBe(`${BUYER} подписала`);
  });

  it("leaves what the user chose to send as is, by value or by item key", () => {
    const text = "ИНН 7707083893, e-mail ivan@mail.ru";
    const [inn] = detect(text);
    expect(maskText(text, emptyVault(), { skip: [itemKey(inn)] }).text).toBe("ИНН 7707083893, e-mail [Email 1]");
    expect(maskText(text, emptyVault(), { skip: ["ivan@mail.ru"] }).text).toBe("ИНН [ИНН 1], e-mail ivan@mail.ru");
  });

  it("does not change the vault it was given", () => {
    const vault = emptyVault();
    maskText("ivan@mail.ru", vault);
    expect(vault.entries).toEqual([]);
  });

  it("leaves unknown placeholders as the model wrote them", () => {
    const { vault } = maskText("ivan@mail.ru", emptyVault());
    expect(unmaskText("[Email 1], [Email 2], [ФИО 1]", vault)).toBe("ivan@mail.ru, [Email 2], [ФИО 1]");
  });
});

describe("streaming unmasking", () => {
  const { vault } = maskText(
    `${SELLER}, ${BUYER}, Сидоров Пётр Ильич, a@b.ru, b@b.ru, c@b.ru, d@b.ru, e@b.ru, f@b.ru, g@b.ru, h@b.ru, ` +
      `i@b.ru, j@b.ru, k@b.ru`,
    emptyVault(),
  );
  const reply =
    "Продавец [ФИО 1] передаёт [ФИО 2] квартиру; письмо на [Email 11] и [Email 1], копия [ФИО 3]. Ссылка [1], " +
    "массив [ФИ].";
  const expected = unmaskText(reply, vault);

  it("replaces placeholders cut at every possible point", () => {
    for (let i = 0; i <= reply.length; i++) {
      for (const j of [i, Math.min(reply.length, i + 3)]) {
        const unmasker = new StreamUnmasker(vault);
        const out =
          unmasker.push(reply.slice(0, i)) +
          unmasker.push(reply.slice(i, j)) +
          unmasker.push(reply.slice(j)) +
          unmasker.flush();
        expect(out, `cut at ${i}, ${j}`).toBe(expected);
      }
    }
  });

  it("holds back only what may still become a placeholder", () => {
    const unmasker = new StreamUnmasker(vault);
    expect(unmasker.push("Текст без меток [1] ")).toBe("Текст без меток [1] ");
    expect(unmasker.push("и [ФИ")).toBe("и ");
    expect(unmasker.push("О 2]")).toBe(BUYER);
    expect(unmasker.push("[Email 1")).toBe("");
    expect(unmasker.push("]")).toBe("a@b.ru");
    expect(unmasker.push("[Ema")).toBe("");
    expect(unmasker.push("il")).toBe("");
    expect(unmasker.flush()).toBe("[Email");
  });

  it("works as a TransformStream", async () => {
    const pieces = ["Продавец [Ф", "ИО 1] и [", "ФИО 2", "]."];
    const stream = new ReadableStream<string>({
      start(controller) {
        for (const p of pieces) controller.enqueue(p);
        controller.close();
      },
    }).pipeThrough(unmaskingStream(vault));
    let out = "";
    for await (const chunk of stream) out += chunk;
    expect(out).toBe(`Продавец ${SELLER} и ${BUYER}.`);
  });
});

describe("the sealed vault", () => {
  const SECRET = "test-privacy-key-long-enough-for-a-worker-secret";
  const { vault } = maskText(`${SELLER}, паспорт 4506 123456`, emptyVault());

  it("opens with the same secret and topic", async () => {
    const sealed = await sealVault(vault, SECRET, 42);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("4506");
    expect(await openVault(sealed, SECRET, 42)).toEqual(vault);
    expect(await sealVault(vault, SECRET, 42)).not.toBe(sealed);
  });

  it("refuses another topic, another secret or damaged text", async () => {
    const sealed = await sealVault(vault, SECRET, 42);
    await expect(openVault(sealed, SECRET, 43)).rejects.toThrow(new VaultSealError("wrong key or topic"));
    await expect(openVault(sealed, `${SECRET}x`, 42)).rejects.toThrow(new VaultSealError("wrong key or topic"));
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === "A" ? "B" : "A") + sealed.at(-1);
    await expect(openVault(flipped, SECRET, 42)).rejects.toThrow(new VaultSealError("wrong key or topic"));
    await expect(openVault("v1.abc", SECRET, 42)).rejects.toThrow(new VaultSealError("malformed"));
    await expect(openVault("plain text", SECRET, 42)).rejects.toThrow(new VaultSealError("malformed"));
    await expect(sealVault(vault, "", 42)).rejects.toThrow("PRIVACY_KEY");
  });
});

describe("maskedSummary", () => {
  it("names each kind in the accusative with the right plural", () => {
    expect(
      maskedSummary([
        { kind: "passport", count: 1 },
        { kind: "phone", count: 2 },
      ]),
    ).toBe("паспорт, 2 телефона");
    expect(maskedSummary([{ kind: "card", count: 1 }])).toBe("карту");
    expect(maskedSummary([{ kind: "card", count: 5 }])).toBe("5 карт");
    expect(maskedSummary([{ kind: "account", count: 3 }])).toBe("3 счёта");
    expect(maskedSummary([{ kind: "account", count: 11 }])).toBe("11 счетов");
    expect(maskedSummary([{ kind: "passport", count: 21 }])).toBe("21 паспорт");
    expect(maskedSummary([{ kind: "passport", count: 12 }])).toBe("12 паспортов");
    expect(
      maskedSummary([
        { kind: "name", count: 2 },
        { kind: "email", count: 1 },
        { kind: "snils", count: 3 },
      ]),
    ).toBe("2 ФИО, e-mail, 3 СНИЛС");
    expect(maskedSummary([])).toBe("");
  });

  it("counts what detect found, a value once", () => {
    expect(
      maskedSummary(countFound(detect("тел. 89161234567, +7 916 123-45-67, 8 903 765-43-21; паспорт 4506 123456"))),
    ).toBe("паспорт, 2 телефона");
  });
});
