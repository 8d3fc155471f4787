import { authTexts } from "../../ui/texts/auth";

const t = authTexts.checks;

// One "@" with something on both sides and a dot in the domain: the rest is the server's to judge.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the form itself says about an e-mail before sending it: empty, or not shaped like one. */
export function emailProblem(email: string): string | undefined {
  const value = email.trim();
  if (!value) return t.emailMissing;
  if (!EMAIL_SHAPE.test(value)) return t.emailInvalid;
}

/** A password at sign-in: only that one is typed (the server judges the rest). */
export const currentPasswordProblem = (password: string): string | undefined =>
  password ? undefined : t.passwordMissing;

/** A new password: the server's rule (docs/accounts.md), said before sending. */
export function newPasswordProblem(password: string): string | undefined {
  if (!password) return t.passwordMissing;
  if (password.length < 8) return t.passwordShort;
}
