import { z } from "zod";
import type { Env } from "../env";
import { logEvent } from "../http/log";

// What the models cost us (docs/ai.md "Prices"): the AI_PRICES var, a JSON object keyed by model
// id, each price per million tokens (input, output, cached input) or per minute of audio, in
// rubles or in dollars turned into rubles at USD_RUB_RATE. A var, not a table: a price changes
// with the provider's contract, as the model does, and both are set in the same place.

const perUnit = z.number().nonnegative().optional();
const modelPrice = z.object({
  currency: z.enum(["RUB", "USD"]).default("RUB"),
  input: perUnit,
  output: perUnit,
  cached: perUnit,
  minute: perUnit,
});
const priceList = z.record(z.string(), modelPrice);
export type ModelPrice = z.infer<typeof modelPrice>;

/** Tokens of one reply as the provider reported them; cached is the part of input read from its cache. */
export type TokenUsage = { input: number; output: number; cached: number };

/** The price list of the settings, or an empty one (logged) when the var is not valid JSON of that shape. */
export function modelPrices(env: Env): Record<string, ModelPrice> {
  const raw = env.AI_PRICES?.trim();
  if (!raw) return {};
  try {
    return priceList.parse(JSON.parse(raw));
  } catch (err) {
    logEvent("error", "AI_PRICES is not a valid price list", { err });
    return {};
  }
}

/** Rubles a unit of the price's currency is worth; null when dollars are used without a rate. */
function rubles(env: Env, price: ModelPrice): number | null {
  if (price.currency === "RUB") return 1;
  const rate = Number.parseFloat(env.USD_RUB_RATE ?? "");
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}

/** Rubles with kopecks precision (what is stored and summed). */
const toKopecks = (value: number) => Math.round(value * 100) / 100;

/**
 * What one reply cost, rubles: uncached input at the input price, cached input at the cached one
 * (the input price when the list has none), output at the output price. Null when the model has no
 * price in the settings.
 */
export function replyCost(env: Env, modelId: string, usage: TokenUsage): number | null {
  const price = modelPrices(env)[modelId];
  if (!price || price.input === undefined || price.output === undefined) return null;
  const rate = rubles(env, price);
  if (rate === null) return null;
  const cached = Math.min(usage.cached, usage.input);
  const units =
    (usage.input - cached) * price.input + cached * (price.cached ?? price.input) + usage.output * price.output;
  return toKopecks((units / 1_000_000) * rate);
}

/** What transcribing `seconds` of audio cost, rubles; null when the model has no price per minute. */
export function audioCost(env: Env, modelId: string, seconds: number): number | null {
  const price = modelPrices(env)[modelId];
  if (!price || price.minute === undefined) return null;
  const rate = rubles(env, price);
  return rate === null ? null : toKopecks((seconds / 60) * price.minute * rate);
}
