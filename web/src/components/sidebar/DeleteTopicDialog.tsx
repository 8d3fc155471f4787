import { AlertDialog, Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { texts } from "../../texts";
import { useActiveTopicId } from "./active-topic";
import { deleteTopic } from "./topic-actions";
import { useTopicMenu } from "./topic-menu";
import { topicTitle } from "./TopicItem";

/** "Удалить чат?": the topic goes with its messages and attachments; an open one leaves for Main. */
export function DeleteTopicDialog() {
  const dialog = useTopicMenu((s) => (s.dialog?.kind === "delete" ? s.dialog : null));
  const closeDialog = useTopicMenu((s) => s.closeDialog);
  const activeId = useActiveTopicId();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!dialog) return;
    setBusy(true);
    const failure = await deleteTopic(dialog.topic);
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    closeDialog();
    if (activeId === String(dialog.topic.id)) navigate("/", { replace: true });
  };

  return (
    <AlertDialog.Root
      open={dialog != null}
      onOpenChange={(open) => {
        if (open || busy) return;
        setError(null);
        closeDialog();
      }}
    >
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>{texts.topicMenu.deleteTitle}</AlertDialog.Title>
        <AlertDialog.Description size="2">{dialog && texts.topicMenu.deleteText(topicTitle(dialog.topic))}</AlertDialog.Description>
        {error && (
          <Text as="p" size="2" color="red" role="alert" mt="3">
            {error}
          </Text>
        )}
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              {texts.topicMenu.cancel}
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {texts.topicMenu.deleteConfirm}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
