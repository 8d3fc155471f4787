// Placeholder: the accounts web work fills it in.
export default function Register() {
  return <div>Register</div>;
}
