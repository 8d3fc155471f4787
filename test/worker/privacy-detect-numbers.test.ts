import { describe, expect, it } from "vitest";
import { detect } from "../../worker/privacy/detect";

// Issue 27: numbers as the review found them written in real texts (copied from PDFs, typed in
// haste, spelled out in contracts), and the look-alikes it found taken for phones.

const found = (text: string) => detect(text).map((f) => [f.kind, f.value]);

describe("numbers written with dots, double spaces, full-width digits or invisible characters", () => {
  it("finds them with the span as written and the key of the plain number", () => {
    expect(found("карта 4111.1111.1111.1111, срочно")).toEqual([["card", "4111.1111.1111.1111"]]);
    expect(found("СНИЛС 112.233.445.95")).toEqual([["snils", "112.233.445.95"]]);
    expect(found("карта 4111  1111  1111  1111")).toEqual([["card", "4111  1111  1111  1111"]]);
    expect(found("ИНН ７７０７０８３８９３")).toEqual([["inn", "７７０７０８３８９３"]]);
    expect(found("ИНН 77070\u200b83893.")).toEqual([["inn", "77070\u200b83893"]]);
    expect(found("телефон +7 916\u00ad123 45 67")).toEqual([["phone", "+7 916\u00ad123 45 67"]]);
    expect(detect("ИНН ７７０７０８３８９３")[0].key).toBe("7707083893");
    // Dates, sums and section numbers with dots stay what they are.
    expect(found("от 12.03.2024 на сумму 1.250.000 руб., ОКВЭД 62.01, п. 3.2.1")).toEqual([]);
  });
});

describe("numbers named in words", () => {
  it("reads a person's ИНН after «номер» (not a 10-digit number or an account) and the spelled-out ИНН", () => {
    expect(found("присвоен номер 500100732259")).toEqual([["inn", "500100732259"]]);
    expect(found("идентификационный номер налогоплательщика 7707083893")).toEqual([["inn", "7707083893"]]);
    expect(found("номер 7707083893, номер 40817810099910004312")).toEqual([]);
  });

  it("reads the spelled-out ОГРН, ОГРНИП and СНИЛС", () => {
    expect(found("Основной государственный регистрационный номер 1027700132195")).toEqual([["ogrn", "1027700132195"]]);
    expect(
      found("основной государственный регистрационный номер индивидуального предпринимателя 304500116000157"),
    ).toEqual([["ogrn", "304500116000157"]]);
    expect(found("страховой номер индивидуального лицевого счёта 11223344595")).toEqual([["snils", "11223344595"]]);
  });
});

describe("phones", () => {
  it("finds a phone written 7XXXXXXXXXX", () => {
    expect(found("мой номер 79161234567")).toEqual([["phone", "79161234567"]]);
    expect(found("звоните 7 916 123-45-67")).toEqual([["phone", "7 916 123-45-67"]]);
    expect(detect("79161234567")[0].key).toBe("79161234567");
  });

  it("takes no phone-like number after an order, a statistics code or a КБК, but a customer's phone", () => {
    const text =
      "Заказ № 89161234567 оформлен. Номер заказа 84951234567. ОКТМО 89701000001. ОКПО 84951234567. " +
      "ОКАТО 84951234567. Номер заявки 89161234567. Трек-номер 79161234567. КБК 18210102010011000110, БИК 044525225.";
    expect(found(text)).toEqual([]);
    expect(found("телефон заказчика 89161234567")).toEqual([["phone", "89161234567"]]);
  });
});
