import { Card, Flex, Progress, Text } from "@radix-ui/themes";
import { formatExpiry } from "../../ui/format";
import type { LimitRow } from "./limits-queries";
import { subscriptionTexts } from "../../ui/texts/subscription";

const t = subscriptionTexts;

/**
 * docs/product.md §9 active limit card: "до {date}" and "Доступные запросы: {available} из {total}", or the unlimited
 * wording.
 */
export function LimitCard({ limit }: { limit: LimitRow }) {
  const expiry = formatExpiry(limit.date_expire);
  const total = Math.max(limit.requests, limit.available_requests);
  return (
    <Card size="2" data-testid="limit-card">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="baseline" gap="3" wrap="wrap">
          <Text weight="bold" data-testid="limit-name">
            {limit.name ?? t.sources[limit.source] ?? t.limitFallback}
          </Text>
          <Text size="2" color="gray" data-testid="limit-expiry">
            {expiry ? t.until.replace("{date}", expiry) : t.noExpiry}
          </Text>
        </Flex>
        {limit.is_unlimited ? (
          <Text size="2" data-testid="limit-requests">
            {t.unlimited}
          </Text>
        ) : (
          <>
            <Text size="2" data-testid="limit-requests">
              {t.available.replace("{available}", String(limit.available_requests)).replace("{total}", String(total))}
            </Text>
            <Progress value={total > 0 ? (limit.available_requests / total) * 100 : 0} size="1" aria-hidden="true" />
          </>
        )}
      </Flex>
    </Card>
  );
}

/**
 * The active limits, the one that expires first first (the server's order), or "У вас нет активных подписок."
 * (`empty`: another owner's words, a company pool's).
 */
export function LimitCards({ limits, empty = t.none }: { limits: LimitRow[]; empty?: string }) {
  if (limits.length === 0)
    return (
      <Text as="p" color="gray" data-testid="no-subscriptions">
        {empty}
      </Text>
    );
  return (
    <Flex direction="column" gap="3" data-testid="limit-cards">
      {limits.map((limit) => (
        <LimitCard key={limit.id} limit={limit} />
      ))}
    </Flex>
  );
}
