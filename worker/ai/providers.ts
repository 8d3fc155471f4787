import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { createWorkersAI } from "workers-ai-provider";
import type { Env } from "../env";
import { ApiError } from "../http/errors";
import { DEMO_MODEL_ID, DemoLanguageModel } from "./demo-model";

export const PROVIDERS = ["demo", "workers-ai", "openai"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** Which model answers a turn. `modelId` is also the name shown to users (`X-Model`, `messages.model`). */
export type ModelChoice = { provider: ProviderName; modelId: string };

export const MODEL_NOT_CONFIGURED = "Модель не настроена: обратитесь к администратору";

const int = (value: string | undefined, fallback: number, min = 0) => {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n >= min ? n : fallback;
};

/** The AI settings of docs/ai.md, from wrangler vars (with safe defaults when one is missing). */
export function aiSettings(env: Env) {
  return {
    provider: env.AI_PROVIDER as string,
    demoDelayMs: int(env.DEMO_TOKEN_DELAY_MS, 40),
    contextTokens: int(env.AI_CONTEXT_TOKENS, 24_000, 1_000),
    maxOutputTokens: int(env.AI_MAX_OUTPUT_TOKENS, 2_048, 16),
    maxRetries: int(env.AI_MAX_RETRIES, 2),
    tools: env.AI_TOOLS as string | undefined,
  };
}

/**
 * Whether the model may be offered tools (docs/ai.md "Tools"): `AI_TOOLS` "on" or "off", else the provider's default:
 * an OpenAI-compatible endpoint speaks the tools protocol, Workers AI's models do not all do it well, and the demo
 * model never calls one.
 */
export function toolsSupported(env: Env, choice: ModelChoice): boolean {
  if (choice.provider === "demo") return false;
  const setting = aiSettings(env).tools;
  if (setting === "on" || setting === "off") return setting === "on";
  return choice.provider === "openai";
}

const isProvider = (name: string): name is ProviderName => (PROVIDERS as readonly string[]).includes(name);

/**
 * The model for a turn: the Product row's `model` (`default`, `vision` or a concrete model id of the
 * configured provider); a turn with images always goes to the vision model. Throws 503 when the
 * configured provider lacks its settings, before anything is charged.
 */
export function chooseModel(env: Env, productModel: string, withImages: boolean): ModelChoice {
  const provider = aiSettings(env).provider;
  if (!isProvider(provider)) throw new ApiError(503, MODEL_NOT_CONFIGURED);
  if (provider === "demo") return { provider, modelId: DEMO_MODEL_ID };

  const [textModel, visionModel] =
    provider === "workers-ai"
      ? [env.WORKERS_AI_MODEL, env.WORKERS_AI_VISION_MODEL]
      : [env.OPENAI_MODEL, env.OPENAI_VISION_MODEL || env.OPENAI_MODEL];
  const configured = provider === "workers-ai" ? Boolean(env.AI) : Boolean(env.OPENAI_BASE_URL);
  const modelId =
    withImages || productModel === "vision" ? visionModel : productModel === "default" ? textModel : productModel;
  if (!configured || !modelId) throw new ApiError(503, MODEL_NOT_CONFIGURED);
  return { provider, modelId };
}

/** The AI SDK model for a choice made by `chooseModel`. */
export function languageModel(env: Env, choice: ModelChoice): LanguageModelV4 {
  switch (choice.provider) {
    case "demo":
      return new DemoLanguageModel(aiSettings(env).demoDelayMs);
    case "workers-ai":
      if (!env.AI) throw new Error(MODEL_NOT_CONFIGURED);
      return createWorkersAI({ binding: env.AI })(choice.modelId);
    case "openai":
      if (!env.OPENAI_BASE_URL) throw new Error(MODEL_NOT_CONFIGURED);
      return openAiModel(env.OPENAI_BASE_URL, env.OPENAI_API_KEY || undefined, choice.modelId);
  }
}

/**
 * The OpenAI-compatible models made in this isolate, by endpoint, key and model id. A model holds only its settings,
 * and making one builds its response schemas: about a millisecond of every turn's way to the model (docs/scale.md
 * "The first chunk").
 */
const openAiModels = new Map<string, LanguageModelV4>();

function openAiModel(baseURL: string, apiKey: string | undefined, modelId: string): LanguageModelV4 {
  const key = JSON.stringify([baseURL, apiKey ?? null, modelId]);
  let model = openAiModels.get(key);
  if (!model) {
    const provider = createOpenAICompatible({ name: "openai-compatible", baseURL, apiKey, includeUsage: true });
    model = provider.chatModel(modelId);
    openAiModels.set(key, model);
  }
  return model;
}
