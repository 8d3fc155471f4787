import { describe, expect, it } from "vitest";
import { emptyVault, maskFileName, maskKnown, maskText, maskTopicName, restoreTyped } from "../../worker/privacy";
import { withTyped } from "../../worker/privacy/typed";

// docs/privacy.md "Placeholders and the vault": the values found again where they stand alone,
// and a question back as typed.

const question = "Иванов И.И. просит вернуть долг. Подписал: Иванов Иван Иванович, паспорт 4510 123456.";

/** The vault after the guard read `question`, with its record of what was typed. */
function guarded(text = question) {
  const masked = maskText(text, emptyVault());
  return { ...masked, vault: withTyped(masked.vault, masked.text, masked.typed) };
}

describe("the vault's written forms", () => {
  it("keeps every way a value was written, and leaves the vault it was given as it was", () => {
    const first = guarded("Продавец Иванов И.И.");
    const second = maskText("Подписал: Иванов Иван Иванович", first.vault);
    expect(second.text).toBe("Подписал: [ФИО 1]");
    expect(second.vault.entries[0]!.forms).toEqual(["Иванов И.И.", "Иванов Иван Иванович"]);
    expect(first.vault.entries[0]!.forms).toEqual(["Иванов И.И."]);
    expect(second.vault.typed).toEqual(first.vault.typed);
  });

  it("finds them again as whole words, any spacing, longest first", () => {
    const { vault } = guarded();
    expect(maskKnown("Иванов Иван  Иванович; паспорт 4510\n123456", vault)).toBe("[ФИО 1]; паспорт [Паспорт 1]");
    expect(maskKnown("14510 123456 и Иванов И.И.", vault)).toBe("14510 123456 и [ФИО 1]");
    expect(maskFileName("Иванов_Иван_Иванович_паспорт_4510_123456.pdf", vault)).toBe("[ФИО 1] паспорт [Паспорт 1].pdf");
  });
});

describe("a topic's name as a share shows it", () => {
  it("hides a value the cut broke off, and what the name alone shows", () => {
    const { vault } = guarded();
    expect(maskTopicName("Проверьте паспорт 4510…", vault)).toBe("Проверьте паспорт [Паспорт 1]…");
    expect(maskTopicName("Долг Иванов Иван…", vault)).toBe("Долг [ФИО 1]…");
    expect(maskTopicName("Проверьте 4510 и ещё…", vault)).toBe("Проверьте 4510 и ещё…");
    expect(maskTopicName("Звонить +7 916 123-45-67", vault)).toBe("Звонить [Телефон 1]");
  });
});

describe("a question back as typed", () => {
  it("puts each occurrence back in its own form; a placeholder typed as such stays", () => {
    const text = `Пишу [ФИО 1] как в шаблоне. ${question}`;
    const { text: masked, vault } = guarded(text);
    const placeholders = "[ФИО 1] просит вернуть долг. Подписал: [ФИО 1], паспорт [Паспорт 1].";
    expect(masked).toBe(`Пишу [ФИО 1] как в шаблоне. ${placeholders}`);
    expect(restoreTyped(masked, vault)).toBe(text);
  });

  it("without its record (an older question), gives the vault's values", () => {
    const { text: masked, vault } = guarded();
    const older = { entries: vault.entries };
    const shown = "Иванов И.И. просит вернуть долг. Подписал: Иванов И.И., паспорт 4510 123456.";
    expect(restoreTyped(masked, older)).toBe(shown);
  });
});
