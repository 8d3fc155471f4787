import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Callout, Flex, Spinner } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useAuth } from "../auth/auth-store";
import { accountTexts } from "../../ui/texts/account";
import { AccountFields } from "./AccountFields";
import { ActiveSessions } from "./ActiveSessions";
import { TelegramSection } from "./TelegramSection";
import { YourData } from "./YourData";
import { loadSelfUser, type SelfUser } from "./user-api";

type Load = { status: "loading" } | { status: "failed" } | { status: "ready"; user: SelfUser };

/** Loads the self user each time it is shown, then the account fields (modal tab and /user page). */
export function AccountPanel() {
  const [load, setLoad] = useState<Load>({ status: "loading" });

  useEffect(() => {
    let current = true;
    loadSelfUser().then(
      (user) => {
        if (!current) return;
        useAuth.getState().updateUser({ email: user.email, name: user.name });
        setLoad({ status: "ready", user });
      },
      () => current && setLoad({ status: "failed" }),
    );
    return () => {
      current = false;
    };
  }, []);

  if (load.status === "loading")
    return (
      <Flex justify="center" py="6">
        <Spinner size="3" />
      </Flex>
    );
  if (load.status === "failed")
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>{accountTexts.loadFailed}</Callout.Text>
      </Callout.Root>
    );
  return (
    <Flex direction="column" gap="5">
      <AccountFields user={load.user} />
      <ActiveSessions />
      <TelegramSection />
      <YourData hasPassword={load.user.hasPassword} />
    </Flex>
  );
}
