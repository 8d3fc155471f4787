import { CheckCircledIcon, LinkBreak2Icon } from "@radix-ui/react-icons";
import { Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { DotsLoader } from "../../ui/DotsLoader";
import { OutcomeCard } from "../auth/OutcomeCard";
import { confirmEmail, UserApiError } from "./user-api";
import { useAuth } from "../auth/auth-store";
import { accountTexts } from "../../ui/texts/account";
import { authTexts } from "../../ui/texts/auth";
import { emailConfirmTexts } from "../../ui/texts/emailConfirm";
import { titlesTexts } from "../../ui/texts/titles";
import { useDocumentTitle } from "../../ui/document-title";

const t = emailConfirmTexts;

type State =
  | { status: "checking" }
  | { status: "done"; email: string | null }
  | { status: "invalid" }
  | { status: "failed"; text: string };

// A link is spent by its first use: one call per token, however often the page mounts (StrictMode).
const calls = new Map<string, Promise<string | null>>();

/** `/email/confirm/:token`: the link mailed to a new address; opening it applies the e-mail change. */
export default function EmailConfirm() {
  useDocumentTitle(titlesTexts.emailConfirm);
  const { token = "" } = useParams();
  const [state, setState] = useState<State>({ status: "checking" });
  const signedIn = useAuth((s) => s.status === "authenticated");

  useEffect(() => {
    let current = true;
    if (!calls.has(token)) calls.set(token, confirmEmail(token));
    calls.get(token)!.then(
      (email) => {
        if (!current) return;
        if (email && useAuth.getState().status === "authenticated") useAuth.getState().updateUser({ email });
        setState({ status: "done", email });
      },
      (error) => {
        if (!current) return;
        if (error instanceof UserApiError && [400, 404, 422].includes(error.status)) setState({ status: "invalid" });
        else
          setState({
            status: "failed",
            text: (error instanceof UserApiError && error.detail) || accountTexts.saveFailed,
          });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (state.status === "checking") return <DotsLoader />;
  const next = { to: "/", label: t.next };
  const back = signedIn ? { to: "/user", label: t.settings } : { to: "/login", label: authTexts.recoveryInvalid.login };
  if (state.status === "done")
    return (
      <OutcomeCard title={t.done} icon={CheckCircledIcon} tone="accent" next={next} back={back}>
        <Text as="p" size="2" align="center" role="status">
          {state.email ? t.doneBody(state.email) : t.done}
        </Text>
      </OutcomeCard>
    );
  return (
    <OutcomeCard
      title={state.status === "invalid" ? t.invalid : t.failed}
      icon={LinkBreak2Icon}
      tone="amber"
      next={next}
      back={back}
    >
      <Text as="p" size="2" align="center" role="alert">
        {state.status === "invalid" ? t.invalidBody : state.text}
      </Text>
    </OutcomeCard>
  );
}
