import { Flex } from "@radix-ui/themes";
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useMode } from "./mode-store";
import { useTopicList } from "../topics/topics-queries";
import { useSignedIn } from "../auth/session-user";
import { DotsLoader } from "../../ui/DotsLoader";
import { cameFromPicker, landingDecision } from "./landing";

/**
 * Applies the Main landing rule (see `landingDecision`) around the layout's page. Decided once per
 * visit: a page that was let through stays, whatever the list does later (a reload while the
 * first reply streams must not unmount the chat).
 */
export function LandingRedirect({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const mode = useMode((s) => s.mode);
  const list = useTopicList();
  const signedIn = useSignedIn();
  const state = !signedIn ? "idle" : list.data ? "loaded" : list.isError ? "error" : "loading";
  const { query } = list;
  const groups = list.data ?? [];
  const letThrough = useRef<string | null>(null);

  const decision =
    letThrough.current === location.key
      ? "stay"
      : landingDecision({
          pathname: location.pathname,
          picked: cameFromPicker(location.state),
          mode,
          topics: { state, query, groups },
        });
  if (decision === "stay") letThrough.current = location.key;

  useEffect(() => {
    if (decision === "redirect") navigate("/", { replace: true });
  }, [decision, navigate]);

  if (decision === "stay") return children;
  return (
    <Flex justify="center" align="center" height="100%" aria-busy="true" data-testid="landing-wait">
      <DotsLoader />
    </Flex>
  );
}
