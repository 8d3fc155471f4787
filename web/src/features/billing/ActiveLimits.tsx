import { Flex, Spinner } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useLimits } from "./limits-store";
import { LimitCards } from "./LimitCards";

/** The "active" view: what the user has now, fetched again each time the view shows. */
export function ActiveLimits() {
  const { limits, available_requests } = useLimits();
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    let current = true;
    void useLimits
      .getState()
      .load()
      .finally(() => current && setSettled(true));
    return () => {
      current = false;
    };
  }, []);

  // Nothing known before the first answer: a spinner rather than "no subscriptions" (a failure is silent, docs/product.md §8).
  if (available_requests === null && !settled)
    return (
      <Flex justify="center" py="5">
        <Spinner size="3" />
      </Flex>
    );
  return <LimitCards limits={limits} />;
}
