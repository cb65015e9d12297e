/** Placeholder: built by the authentication work of issue 2. */
export default function Page() {
  return <main>forgot-password</main>;
}
