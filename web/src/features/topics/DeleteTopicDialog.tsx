import { useNavigate } from "react-router";
import { topicMenuTexts } from "../../ui/texts/topicMenu";
import { useActiveTopicId } from "./active-topic";
import { LazyConfirmDeleteDialog } from "./LazyConfirmDeleteDialog";
import { deleteTopic } from "./topic-actions";
import { useTopicMenu } from "./topic-menu";
import { topicTitle } from "./TopicItem";

/** "Удалить чат?": the topic goes with its messages and attachments; an open one leaves for Main. */
export function DeleteTopicDialog() {
  const dialog = useTopicMenu((s) => (s.dialog?.kind === "delete" ? s.dialog : null));
  const closeDialog = useTopicMenu((s) => s.closeDialog);
  const activeId = useActiveTopicId();
  const navigate = useNavigate();

  return (
    <LazyConfirmDeleteDialog
      open={dialog != null}
      title={topicMenuTexts.deleteTitle}
      description={dialog && topicMenuTexts.deleteText(topicTitle(dialog.topic))}
      cancelLabel={topicMenuTexts.cancel}
      confirmLabel={topicMenuTexts.deleteConfirm}
      onConfirm={async () => {
        if (!dialog) return null;
        const failure = await deleteTopic(dialog.topic);
        if (failure) return failure;
        closeDialog();
        if (activeId === String(dialog.topic.id)) navigate("/", { replace: true });
        return null;
      }}
      onClose={closeDialog}
    />
  );
}
