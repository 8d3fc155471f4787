const forgets = new Set<() => void>();

/**
 * A client store that holds the user's state registers here, as its module loads, how to forget it
 * when the user signs out (docs/product.md §4). A store not loaded yet holds nothing to forget, and
 * naming every store in the sign-out itself would put the chat's code in every page's first
 * JavaScript (docs/scale.md "Smaller to load").
 */
export function forgetOnSignOut(forget: () => void): void {
  forgets.add(forget);
}

/** Forgets what every loaded store registered; app/sign-out.ts calls it on each sign-out. */
export function forgetRegistered(): void {
  for (const forget of forgets) forget();
}
