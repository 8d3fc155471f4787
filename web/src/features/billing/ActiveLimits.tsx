import { Flex, Spinner } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useSignedIn, useUserKey } from "../auth/session-user";
import { limitsQuery } from "./limits-queries";
import { LimitCards } from "./LimitCards";

/** The "active" view: what the user has now, fetched again each time the view shows. */
export function ActiveLimits() {
  // Asked again each time the view shows, not only when the tab comes back.
  const query = useQuery({ ...limitsQuery(useUserKey()), enabled: useSignedIn(), refetchOnMount: "always" });

  // Nothing known before the first answer: a spinner rather than "no subscriptions" (a failure is silent,
  // docs/product.md §8).
  if (!query.data && query.isFetching)
    return (
      <Flex justify="center" py="5">
        <Spinner size="3" />
      </Flex>
    );
  // A failed load knows nothing either: "no subscriptions" would be a claim it cannot make.
  if (!query.data) return null;
  return <LimitCards limits={query.data.limits} />;
}
