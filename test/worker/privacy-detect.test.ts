import { describe, expect, it } from "vitest";
import { accountKeyValid, innValid, luhnValid, ogrnValid, snilsValid } from "../../worker/privacy/checksums";
import { detect } from "../../worker/privacy/detect";

// Each kind's rule on its own (docs/privacy.md): real published numbers, the same with a digit
// off, and what looks like data but is not.

const found = (text: string) => detect(text).map((f) => [f.kind, f.value]);

describe("check digits", () => {
  it("pass published numbers and fail them with one digit off", () => {
    expect(innValid("7707083893")).toBe(true);
    expect(innValid("7707083894")).toBe(false);
    expect(innValid("500100732259")).toBe(true);
    expect(innValid("500100732258")).toBe(false);
    expect(ogrnValid("1027700132195")).toBe(true);
    expect(ogrnValid("1027700132196")).toBe(false);
    expect(ogrnValid("304500116000157")).toBe(true);
    expect(ogrnValid("304500116000158")).toBe(false);
    expect(snilsValid("11223344595")).toBe(true);
    expect(snilsValid("11223344596")).toBe(false);
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    // Sberbank's correspondent account with its БИК (the settlement-centre key).
    expect(accountKeyValid("30101810400000000225", "044525225")).toBe(true);
    expect(accountKeyValid("30101810500000000225", "044525225")).toBe(false);
  });
});

describe("detect", () => {
  it("finds a passport by its words or by its exact spacing, not any ten digits", () => {
    expect(found("Паспорт серия 4506 номер 123456, выдан ОВД")).toEqual([["passport", "4506 номер 123456"]]);
    expect(found("паспорт: 45 06 № 123456")).toEqual([["passport", "45 06 № 123456"]]);
    expect(found("данные: 4506 123456 и 45 06 123456")).toEqual([
      ["passport", "4506 123456"],
      ["passport", "45 06 123456"],
    ]);
    expect(found("паспорт 4506123456")).toEqual([["passport", "4506123456"]]);
    // The series' year is not a passport form's year (34), so it is not a passport.
    expect(found("код 1234 567890")).toEqual([]);
  });

  it("finds СНИЛС with valid check digits in any usual writing", () => {
    expect(found("СНИЛС 112-233-445 95")).toEqual([["snils", "112-233-445 95"]]);
    expect(found("СНИЛС: 11223344595")).toEqual([["snils", "11223344595"]]);
    expect(found("СНИЛС 112-233-445 96")).toEqual([]);
  });

  it("finds ИНН and ОГРН by their check digits; a requisites line names each number by its own word", () => {
    expect(found("ИНН 7707083893, КПП 770701001, ОГРН 1027700132195")).toEqual([
      ["inn", "7707083893"],
      ["ogrn", "1027700132195"],
    ]);
    expect(found("ИНН/КПП 7707083893/770701001")).toEqual([["inn", "7707083893"]]);
    expect(found("ИНН 500100732259, ОГРНИП 304500116000157")).toEqual([
      ["inn", "500100732259"],
      ["ogrn", "304500116000157"],
    ]);
    expect(found("ИНН 7707083894, ОГРН 1027700132196")).toEqual([]);
  });

  it("finds cards by Luhn, spaced or not; a wrong check digit is not a card", () => {
    expect(found("карта 4111 1111 1111 1111")).toEqual([["card", "4111 1111 1111 1111"]]);
    expect(found("переведите на 4111-1111-1111-1111 сегодня")).toEqual([["card", "4111-1111-1111-1111"]]);
    expect(found("номер карты 4111111111111112")).toEqual([]);
  });

  it("checks an account with the БИК beside it, and without one by its balance-account prefix", () => {
    expect(found("к/с 30101810400000000225, БИК 044525225")).toEqual([["account", "30101810400000000225"]]);
    expect(found("к/с 30101810500000000225, БИК 044525225")).toEqual([]);
    expect(found("счёт 40817810099910004312")).toEqual([["account", "40817810099910004312"]]);
    expect(found("номер 12345678901234567890")).toEqual([]);
  });

  it("finds phones in the usual forms, not inside longer numbers", () => {
    for (const phone of [
      "+7 (916) 123-45-67",
      "8 916 123-45-67",
      "89161234567",
      "+79161234567",
      "8-916-123-45-67",
      "8 (4012) 12-34-56",
    ]) {
      expect(found(`звоните ${phone}, жду`)).toEqual([["phone", phone]]);
    }
    expect(found("заявка 891612345678901")).toEqual([]);
    expect(found("код 123 8 916 123 45 67")).toEqual([]);
  });

  it("finds e-mail addresses", () => {
    expect(found("пишите на Ivan.Petrov@Mail.ru или на ivan@почта.рф.")).toEqual([
      ["email", "Ivan.Petrov@Mail.ru"],
      ["email", "ivan@почта.рф"],
    ]);
  });

  it("takes no contract numbers, dates, sums, articles of law or codes", () => {
    const text =
      "Договор № 7707083893 от 12.03.2024 на сумму 1 250 000 руб. расторгнут по ст. 451 ГК РФ; п. 3 ч. 1 ст. 81 ТК " +
      "РФ. " +
      "Кадастровый номер 77:01:0001001:1234, артикул 4607001234567, заказ № 500100732259, 10:30, 2020–2024 годы.";
    expect(found(text)).toEqual([]);
  });

  it("finds full names in any order and case, with initials, and a given name beside a surname", () => {
    expect(found("Продавец Иванов Иван Иванович передал ключи.")).toEqual([["name", "Иванов Иван Иванович"]]);
    expect(found("в лице Петровой Анны Сергеевны, действующей")).toEqual([["name", "Петровой Анны Сергеевны"]]);
    expect(found("выдано Ивану Петровичу Кузнецову")).toEqual([["name", "Ивану Петровичу Кузнецову"]]);
    expect(found("Подпись: Иванов И.И., затем И. И. Сидоров")).toEqual([
      ["name", "Иванов И.И."],
      ["name", "И. И. Сидоров"],
    ]);
    expect(found("Вчера Мария Ивановна звонила")).toEqual([["name", "Мария Ивановна"]]);
    expect(found("с Анной Смирновой и Сергеем Островским")).toEqual([
      ["name", "Анной Смирновой"],
      ["name", "Сергеем Островским"],
    ]);
  });

  it("takes no words capitalised for other reasons", () => {
    const text =
      "Москва, Российской Федерации. Гражданский кодекс Российской Федерации и Верховный Суд. Вчера в Москве. " +
      "Петра Великого, Екатерины Второй, Сергиев Посад. Надежда есть. Роман Толстого. Иван пришёл.";
    expect(found(text)).toEqual([]);
  });

  it("gives numbers their digits and a name its nominative as the key", () => {
    const [phone, name] = detect("+7 (916) 123-45-67, Иванову Ивану Ивановичу");
    expect(phone.key).toBe("79161234567");
    expect(name).toMatchObject({ key: "иванов|иван|иванович|", display: "Иванов Иван Иванович" });
    expect(detect("89161234567")[0].key).toBe("79161234567");
  });
});
