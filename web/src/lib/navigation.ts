/** Full-page navigation (leaves the SPA), e.g. to the server's sign-in page. One place so tests can observe it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
