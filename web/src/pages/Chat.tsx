// Placeholder until issue 3 (conversations) fills it in.
export default function Chat() {
  return <div data-testid="page-chat">Chat</div>;
}
