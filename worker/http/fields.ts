import { z } from "zod";

// Fields several features check the same way, with one message each. A rule with no message of its own here
// or where it is used answers in zod's Russian locale (worker/http/validate.ts, docs/api.md).

/** A field's message when it is missing, and another when it is there but of the wrong type. */
export const missingOr = (missing: string, wrong: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? missing : wrong),
});

/** A required string its messages name: «Укажите e-mail», «Поле «e-mail» должно быть строкой». */
export const namedText = (field: string) =>
  z.string(missingOr(`Укажите ${field}`, `Поле «${field}» должно быть строкой`));

export const emailAddress = z.email({ error: "Некорректный e-mail" });

/** An e-mail as typed: trimmed and lower-cased before it is checked; `string` says what a non-string answers. */
export const typedEmail = (string = z.string(), address = emailAddress) => string.trim().toLowerCase().pipe(address);

/** A yes/no field in a JSON body: «reveal: true или false». */
export const flag = (field: string) => z.boolean({ error: `${field}: true или false` });

/** A whole number its messages name; `must` agrees with the name («version должна быть числом»). */
export const wholeNumber = (field: string, must = "должен") =>
  z.number({ error: `${field} ${must} быть числом` }).int({ error: `${field} ${must} быть целым числом` });
