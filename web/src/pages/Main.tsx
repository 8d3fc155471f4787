// Placeholder until issue 3 (conversations) fills it in.
export default function Main() {
  return <div data-testid="page-main">Main</div>;
}
