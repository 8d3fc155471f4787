// Placeholder: the accounts web work fills it in.
export default function User() {
  return <div>User</div>;
}
