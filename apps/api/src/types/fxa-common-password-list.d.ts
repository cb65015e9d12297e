/** The package ships no types: its one export, documented in its README. */
declare module 'fxa-common-password-list' {
  const commonPasswords: {
    /** Whether the lower-cased password is on the list. */
    test(password: string): boolean;
  };
  export default commonPasswords;
}
