// Placeholder: the accounts web work fills it in.
export default function Recovery() {
  return <div>Recovery</div>;
}
