import { type PrepareStepFunction, stepCountIs, type ToolSet } from "ai";
import { aiSettings, type ModelChoice, toolsSupported } from "../../ai/providers";
import { lawDb } from "../../db/law";
import type { Env } from "../../env";
import { moscowToday } from "../../law/services/articles";
import { lawTools } from "../../law/tools/law-tools";
import { isLawMode, lawBudgetChars } from "./prompt";

/**
 * The most model calls one turn makes with tools (docs/law.md "Tools"): up to two rounds of tool calls, then the
 * answer. A question needs one or two articles beyond those given; more rounds would each resend the whole prompt
 * (its cost grows with every step) and keep the user waiting before the first word.
 */
export const TOOL_STEPS = 3;

/** The last step is asked for text (`toolChoice: "none"`): a model that keeps calling still gets to answer. */
const answerOnLastStep: PrepareStepFunction<ToolSet> = ({ stepNumber }) =>
  stepNumber >= TOOL_STEPS - 1 ? { toolChoice: "none" } : undefined;

/**
 * What a turn's `streamText` gets for tools: nothing outside the law modes or where the provider does not call
 * tools (the demo), so those turns run as one call, exactly as before. Built without awaiting anything.
 */
export function turnTools(env: Env, model: ModelChoice, assistantType: string, lawDate: string | undefined) {
  if (!isLawMode(assistantType) || !toolsSupported(env, model)) return {};
  // Two results a turn at most, each half the law's share: together no more than the articles of the prompt.
  const budgetChars = Math.floor(lawBudgetChars(aiSettings(env)) / (TOOL_STEPS - 1));
  return {
    tools: lawTools(lawDb(env.LAW_DB), { date: lawDate ?? moscowToday(), budgetChars }) as ToolSet,
    stopWhen: stepCountIs(TOOL_STEPS),
    prepareStep: answerOnLastStep,
  };
}
