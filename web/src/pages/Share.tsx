// Placeholder until issue 3 (conversations) fills it in.
export default function Share() {
  return <div data-testid="page-share">Share</div>;
}
