import { Button, Flex, Text } from "@radix-ui/themes";
import { QUOTAS } from "../../../../worker/settings";
import { plural } from "../../../../worker/plural";
import { formatExpiry } from "../../ui/format";
import { balanceTexts } from "../../ui/texts/balance";
import { useSettings } from "../account/settings-store";
import { type Limits, useLimits, usablePool } from "./limits-queries";
import { useMediaQuery } from "../../ui/hooks/useMediaQuery";

/** Where the header is tight (docs/web.md "Layouts"): its CSS narrows it at the same width. */
const SMALL_PHONE_QUERY = "(max-width: 380px)";

const t = balanceTexts;

/** What the chip says, and how: "Осталось 7 запросов", amber at few, "Безлимит до 12.12.2026". */
export function balanceOf(limits: Limits): { text: string; tone: "normal" | "low" | "out" } {
  // Sends come from the company's pool first: that is what the user spends now.
  const pool = usablePool(limits);
  if (pool) {
    const n = pool.available_requests;
    const left = pool.is_unlimited ? t.unlimited : t.left(n, plural(n, t.requestForms));
    return {
      text: t.fromCompany(left, pool.company_name),
      tone: !pool.is_unlimited && n <= QUOTAS.lowBalanceRequests ? "low" : "normal",
    };
  }
  if (limits.is_unlimited) {
    const unlimited = limits.limits.filter((l) => l.is_unlimited);
    // The unlimited pack that lasts longest says until when.
    const ends = unlimited.map((l) => l.date_expire);
    const last = ends.includes(null) ? null : ends.sort().at(-1);
    const until = formatExpiry(last ?? null);
    return { text: until ? t.unlimitedUntil(until) : t.unlimited, tone: "normal" };
  }
  const n = limits.available_requests;
  if (n === 0) return { text: t.none, tone: "out" };
  return { text: t.left(n, plural(n, t.requestForms)), tone: n <= QUOTAS.lowBalanceRequests ? "low" : "normal" };
}

/** The chip's words on a small phone: the count and its word («9 запросов»), else what the chip says. */
function shortBalance(limits: Limits, text: string): string {
  const pool = usablePool(limits);
  const counted = pool
    ? pool.is_unlimited
      ? null
      : pool.available_requests
    : limits.is_unlimited
      ? null
      : limits.available_requests;
  return counted ? `${counted} ${plural(counted, t.requestForms)}` : text;
}

/**
 * The requests left, always in view in the main layout (docs/billing.md "Balance"): refreshed after
 * every send, purchase and promo (the limits query); amber with «Пополнить» when few are left.
 */
export function BalanceChip() {
  const limits = useLimits();
  const small = useMediaQuery(SMALL_PHONE_QUERY);
  if (!limits) return null;
  const { text, tone } = balanceOf(limits);
  const openSettings = useSettings.getState().openSettings;
  return (
    <Flex align="center" gap="2" className="balance-chip" data-tone={tone} data-testid="balance-chip">
      <Button
        type="button"
        size="1"
        variant="soft"
        color={tone === "normal" ? "gray" : tone === "low" ? "amber" : "red"}
        aria-label={`${text}. ${t.open}`}
        onClick={() => openSettings("subscription")}
      >
        {/* A small phone (320 px) has room for the count alone: «9 запросов»; the label says it in full. */}
        <Text size="1" weight="medium" data-testid="balance-text" className="balance-chip__text">
          {small ? shortBalance(limits, text) : text}
        </Text>
      </Button>
      {tone !== "normal" && (
        <Button
          type="button"
          size="1"
          variant="solid"
          color="amber"
          className="balance-chip__top-up"
          onClick={() => openSettings("subscription", "available")}
        >
          {t.topUp}
        </Button>
      )}
    </Flex>
  );
}
