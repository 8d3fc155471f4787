/** The messenger channel of the support button: a build setting, with the product's channel by default. */
export const SUPPORT_URL: string = import.meta.env.VITE_SUPPORT_URL || "https://t.me/yasno_support";
