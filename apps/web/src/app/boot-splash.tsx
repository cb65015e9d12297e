/**
 * What index.html shows before any script has run (its inline `.boot` shell), drawn again by
 * React while the first screen's code loads, so the page does not blank between the two
 * (docs/decisions/127). The same markup and classes as the shell in index.html.
 */
export function BootSplash() {
  return (
    <div className="boot">
      <img src="/logo.svg" alt="" width="48" height="48" />
      <p>Cask Admin</p>
    </div>
  );
}
