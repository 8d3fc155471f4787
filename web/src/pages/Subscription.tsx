// Placeholder until issue 4 (subscriptions) fills it in.
export default function Subscription() {
  return <div data-testid="page-subscription">Subscription</div>;
}
