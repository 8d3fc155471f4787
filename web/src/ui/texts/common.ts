// Texts every part of the app uses (docs/product.md keeps every text exact).
export const commonTexts = {
  brand: "Ясно",
  back: "Назад",
} as const;
