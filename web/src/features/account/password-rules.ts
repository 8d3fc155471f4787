/** The server never reveals the password: it shows as 10 to 15 dots, a new count each time (docs/product.md §3). */
export function passwordMask(random: () => number = Math.random): string {
  const length = 10 + Math.floor(random() * 6);
  return "•".repeat(length);
}

/** docs/product.md §5: save only a non-empty new password that equals its repeat; no length rule here. */
export const canSavePassword = (password: string, repeat: string) => password.length > 0 && password === repeat;
