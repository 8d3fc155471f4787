// Placeholder: the accounts web work fills it in.
export default function Login() {
  return <div>Login</div>;
}
